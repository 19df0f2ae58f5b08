/**
 * Organisations are never people. A self-introduction often names the employer ("我是京东集团的吴军",
 * "I'm Dana from Deutsche Bank"), and a phrase rule that reads the wrong span would create a
 * person called "京东集团" and tell face recognition so: a company name stored against a face.
 * Three kinds of evidence, in the five languages:
 * - organisation words and legal suffixes anywhere in the candidate (GmbH, Ltd, SARL, bank, Post,
 *   Banco, Correos, 公司, 集团, 银行, 邮政…);
 * - a well-known employer said as the whole name ("Siemens", "华为"); as one word of a longer name
 *   it is a surname ("Anna Bosch", "Louis Renault") and stays;
 * - in a sentence, the company the same sentence names (checked where names are extracted).
 * Employers that are common given names (Zara, Mercedes, Chanel) are left out on purpose.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

/** Folded (lower case, no accents): organisation words and legal forms of en, de, fr, es. */
const ORG_WORDS = words(`
  inc incorporated ltd limited llc llp plc corp corporation company co group holding holdings bank post office agency
  ministry department council university college hospital institute foundation association ventures industries enterprises
  gmbh ag kg ohg ug mbh ev gbr se konzern gruppe firma sparkasse volksbank bankhaus post postbank werke verlag stiftung
  universitat hochschule klinik klinikum krankenhaus ministerium behorde amt versicherung versicherungen genossenschaft
  sarl sas sasu sa eurl sci banque poste groupe societe entreprise compagnie cie universite hopital mairie ministere caisse credit
  assurance assurances mutuelle
  sl slu sau banco caja correos grupo empresa compania universidad ayuntamiento consejeria seguros cooperativa fundacion
`);

/** Employers well enough known to be named alone (folded). */
const EMPLOYERS = words(`
  siemens bosch sap basf bayer allianz lufthansa telekom volkswagen vw bmw daimler audi porsche aldi lidl rewe edeka dhl adidas puma
  airbus michelin renault peugeot danone carrefour decathlon total totalenergies sncf orange thales safran loreal lvmh
  telefonica iberia repsol inditex santander bbva mapfre mercadona endesa iberdrola
  google alphabet apple microsoft amazon meta facebook ibm intel samsung sony toyota nestle novartis roche ikea nokia ericsson
  philips shell unilever deloitte kpmg pwc accenture mckinsey tesla netflix uber spotify fedex ups oracle cisco nvidia
  huawei tencent alibaba baidu xiaomi lenovo bytedance
`);

/** Chinese organisation words: a name containing one is an organisation. */
const HAN_ORG = /公司|集团|银行|邮政|邮局|大学|学院|医院|研究所|研究院|中心|科技|股份|有限|工厂|超市|商店|酒店|书店|餐厅|饭店|图书馆|面包店|政府|机关|事务所|工作室|协会|基金会/u;
const HAN_EMPLOYERS = new Set(['华为', '阿里巴巴', '阿里', '腾讯', '百度', '京东', '小米', '联想', '美团', '中兴', '比亚迪', '字节跳动', '网易', '新浪', '海尔', '格力', '中石油', '中石化', '国家电网', '中国移动', '中国电信', '中国联通', '拼多多', '滴滴', '顺丰', '大疆']);

const fold = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.’'`]/g, '');

/** Whether a string found where a name goes names an organisation. */
export function isOrganisation(candidate: string): boolean {
  const text = candidate.trim();
  if (!text) return false;
  if (/\p{Script=Han}/u.test(text)) return HAN_ORG.test(text) || HAN_EMPLOYERS.has(text);
  const parts = text.split(/[\s&-]+/).map(fold).filter(Boolean);
  if (parts.some((w) => ORG_WORDS.has(w))) return true;
  return EMPLOYERS.has(parts.join(''));
}

/** Whether `name` is (or sits inside) the company the same sentence names. */
export function isNamedCompany(name: string, company: string | null | undefined): boolean {
  if (!company) return false;
  const n = fold(name).replace(/\s+/g, ' ');
  const c = fold(company).replace(/\s+/g, ' ');
  return n === c || (c.length > 2 && ` ${c} `.includes(` ${n} `)) || (/\p{Script=Han}/u.test(n) && c.includes(n));
}

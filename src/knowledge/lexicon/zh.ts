import type { Concepts, Lexicon } from './types.js';

/** Chinese words of the knowledge thesaurus' concepts, matched as substrings of a run of Han characters (see ../concepts.ts). */
const concepts: Concepts = {
  robot: ['活人', '活的', '机器人', '机器', '真人', '人形', '人类'],
  name: ['介绍', '名字', '叫什么', '称呼'],
  feel: ['骂', '侮辱', '感情', '情绪', '心情', '难过', '伤心', '开心', '高兴', '生气', '介意', '不高兴', '感觉', '凶', '礼貌', '粗鲁', '孤独', '寂寞'],
  build: ['源代码', '代码', '制造', '造了', '造出', '开发', '创造', '公司', '做的', '开源', '设计', '主人'],
  data: ['数据', '信息', '资料', '保存', '记忆', '录音', '录像', '照片', '存储', '储存', '隐私', '档案'],
  remember: ['记得', '记住', '认出', '认得', '长相', '脸'],
  return: ['下次', '再来', '回来'],
  forget: ['忘记', '忘了', '忘掉', '删除', '删掉', '删', '清除', '抹去'],
  online: ['联网', '在线', '网上', '互联网', '云', '服务器', '上传', '上网'],
  computer: ['电脑', '本地', '计算机'],
  mind: ['运作', '工作原理', '思维', '思考', '大脑', '程序', '人工智能', '聊天机器人', '控制', '遥控'],
  language: ['语言', '英语', '德语', '法语', '西班牙语', '中文', '汉语', '普通话', '外语'],
  switch: ['切换', '改说', '换'],
  see: ['看', '摄像头', '相机', '眼睛', '衣服'],
  move: ['走路', '走动', '移动', '带我', '拿', '陪我', '搬'],
  pay: ['付款', '收款', '刷卡', '信用卡', '支付', '付钱', '现金'],
  interrupt: ['打断', '插话', '插嘴', '停下', '安静', '闭嘴'],
  leave: ['再见', '道别', '离开', '走的时候'],
  talk: ['说话', '聊天', '对话', '交谈'],
  hear: ['听见', '听到', '听得见', '大声'],
  phone: ['打电话', '电话'],
  stand: ['站', '面前', '距离', '多近'],
  job: ['职业', '前台', '接待员', '工作'],
  ability: ['帮助', '帮忙', '擅长', '有什么用', '会些什么', '会做什么', '能做什么', '功能'],
  question: ['问题', '回答', '答案', '话题', '猜', '编', '说谎', '撒谎', '瞎编'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['发生', '你好', '嗨', '东西'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). */
const persons = ['机器人', '你', '您', '我', '咱'];

export const ZH: Lexicon = { concepts, frames, persons };

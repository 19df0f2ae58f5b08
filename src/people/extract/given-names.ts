/**
 * Common German given names, across generations and regions: German capitalises every noun, so
 * "Ich bin Volker" can only be told from "Ich bin Lehrer" by knowing the name, and compromise's
 * name lexicon (English-centred) knows few of them. Names ending like German job and role nouns
 * (-er, -ant, -or) matter most: without the list they were read as a job ("current_position:
 * Volker") and the name was lost. French and Spanish need no list: their nouns are lower case.
 */
const GERMAN = `
  achim adalbert adolf albrecht alfons alfred alois alwin andreas anselm ansgar anton armin arndt arne arno arnold artur
  axel balduin baldur bastian benedikt benno bernd bernhard berthold bertram björn bodo bruno burkhard carsten christoph
  claus conrad cornelius dagobert detlef detlev diethelm dieter dietmar dietrich dirk dominik eberhard eckart eckhard edgar
  egon ekkehard elmar emil engelbert erhard erich ernst erwin eugen ewald fabian falk felix ferdinand florian folker frank
  franz friedemann friedhelm friedrich fritz gebhard georg gerd gerhard gernot gero gert gottfried gottlieb gregor guido
  gunnar gunter günter günther gustav hagen hajo hannes hanno hans harald hartmut hartwig hauke heiko heiner heinrich heinz
  helge helmut helmuth hendrik henning herbert heribert hermann holger horst hubert hubertus ingo jakob jan jens joachim
  jochen johann johannes jonas jörg jost jürgen kai karl karsten kaspar klaus konrad konstantin kuno kurt lambert lars
  laurenz leberecht lennart leopold lorenz lothar ludger ludwig lukas lutz malte manfred marcel marco marius markus martin
  matthias max maximilian meinhard michael nikolaus niklas norbert olaf ole oliver ortwin oskar ottmar otto pascal patrick
  paul peer peter philipp rainer ralf ralph reinhard reinhold rene richard robert roland rolf rüdiger rudolf rupert sascha
  sebastian siegfried sigmar sigurd simon sönke stefan steffen stephan sven swen theo theodor thilo thomas thorben thorsten
  till tilman tim tobias torben torsten udo ulf ulrich uwe valentin veit volker volkmar walter walther warner welf wendelin
  werner wilfried wilhelm willi willy winfried wolf wolfgang wolfram xaver
  adelheid agathe agnes alexandra almut amalie andrea angelika anika anja anke annegret annelie anneliese annemarie antje
  astrid barbara beate benita berit berta bettina birgit birte bärbel brigitte brunhilde carla carola charlotte christa
  christiane christine clara claudia cordula cornelia dagmar daniela doris dorothea edeltraud elfriede elke elisabeth ellen
  elsbeth emma erika esther eva evelin franziska frauke frieda friederike gabriele gerda gerlinde gertrud gesa gesine gisela
  gitta greta gudrun hanna hannelore hedwig heidi heike helga henrike herta hildegard hilke ilse imke ina inga inge ingeborg
  ingrid irene irmgard isolde jana jasmin jennifer jutta karin karla katharina kathrin katja kerstin kirsten klara kristin
  lena liesel lieselotte lotte luise magdalena maike manuela mareike margarete margit marianne marion marlene martina meike
  melanie michaela monika nadine nicole ottilie petra regina regine renate rita rosemarie ruth sabine sabrina sandra sieglinde
  silke silvia simone sonja stefanie susanne svenja swantje tanja theresa thea ulla ulrike ursula ute vera veronika waltraud
  wiebke wilhelmine yvonne
`;

export const GERMAN_GIVEN_NAMES: ReadonlySet<string> = new Set(GERMAN.split(/\s+/).filter(Boolean));

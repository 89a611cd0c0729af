/**
 * Russian and Polish texts of the rest of the demo catalogue: sample materials (by their English
 * name), catalogue headers (by id), analyses' preparation texts (by the English text) and the
 * laboratories' city names and addresses (by laboratory id). English stays in the catalogue tables
 * and is shown where a language has no text.
 */
export interface DemoName {
  ru: string;
  pl: string;
}

export const DEMO_MATERIAL_TRANSLATIONS: Record<string, DemoName> = {
  'Venous blood collection kit': { ru: 'Набор для взятия венозной крови', pl: 'Zestaw do pobrania krwi żylnej' },
  'Urine container': { ru: 'Контейнер для мочи', pl: 'Pojemnik na mocz' },
  'Stool container': { ru: 'Контейнер для кала', pl: 'Pojemnik na kał' },
  'Buccal swab kit': { ru: 'Набор для мазка с внутренней стороны щеки', pl: 'Zestaw do wymazu z policzka' },
  'Throat swab kit': { ru: 'Набор для мазка из зева', pl: 'Zestaw do wymazu z gardła' },
  'Nasopharyngeal swab kit': { ru: 'Набор для мазка из носоглотки', pl: 'Zestaw do wymazu z nosogardła' },
  'Saliva collection tube': { ru: 'Пробирка для сбора слюны', pl: 'Probówka do pobrania śliny' },
  'Citrate blood tube (coagulation)': { ru: 'Пробирка с цитратом (свёртываемость крови)', pl: 'Probówka cytrynianowa (krzepnięcie krwi)' },
  'Sterile urine culture container': { ru: 'Стерильный контейнер для посева мочи', pl: 'Jałowy pojemnik na posiew moczu' },
};

export const DEMO_HEADER_TRANSLATIONS: Record<number, DemoName> = {
  1: { ru: 'Аутоиммунные заболевания', pl: 'Choroby autoimmunologiczne' },
  2: { ru: 'Гормоны', pl: 'Hormony' },
  3: { ru: 'Аллергология', pl: 'Alergologia' },
  4: { ru: 'Общие анализы крови', pl: 'Podstawowe badania krwi' },
  5: { ru: 'Генетика', pl: 'Genetyka' },
  6: { ru: 'Диагностика', pl: 'Diagnostyka' },
  23: { ru: 'Популярные', pl: 'Popularne' },
  24: { ru: 'Взятие на дому', pl: 'Pobranie w domu' },
  25: { ru: 'Срочные результаты', pl: 'Wyniki ekspresowe' },
  26: { ru: 'Нужна проверка направления', pl: 'Wymaga sprawdzenia skierowania' },
  29: { ru: 'Целевая страница', pl: 'Strona docelowa' },
  30: { ru: 'Лаборатория-партнёр', pl: 'Laboratorium partnerskie' },
};

const ruHours = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? 'час' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'часа' : 'часов');
const plHours = (n: number) => (n === 1 ? 'godziny' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'godziny' : 'godzin');

const PREPARATION: Record<string, DemoName> = {
  'No special preparation; avoid heavy exercise the day before.': {
    ru: 'Особой подготовки не нужно; накануне избегайте тяжёлых физических нагрузок.',
    pl: 'Nie wymaga specjalnego przygotowania; dzień wcześniej unikaj ciężkiego wysiłku fizycznego.',
  },
  'Collect saliva at 23:00; do not eat, drink or brush teeth 30 minutes before.': {
    ru: 'Соберите слюну в 23:00; за 30 минут до этого не ешьте, не пейте и не чистите зубы.',
    pl: 'Zbierz ślinę o 23:00; przez 30 minut wcześniej nie jedz, nie pij i nie myj zębów.',
  },
  'Collect the first morning urine, midstream, after washing.': {
    ru: 'Соберите первую утреннюю мочу, среднюю порцию, после гигиенических процедур.',
    pl: 'Zbierz pierwszy poranny mocz ze środkowego strumienia, po umyciu.',
  },
  'Collect the first morning urine, midstream, into the sterile container.': {
    ru: 'Соберите первую утреннюю мочу, среднюю порцию, в стерильный контейнер.',
    pl: 'Zbierz pierwszy poranny mocz ze środkowego strumienia do jałowego pojemnika.',
  },
  'Sample between 7:00 and 9:00 in the morning.': {
    ru: 'Взятие пробы утром, с 7:00 до 9:00.',
    pl: 'Pobranie rano, między 7:00 a 9:00.',
  },
};

/** The Russian and Polish of a demo preparation text; undefined for a text the demo does not write. */
export function demoPreparation(english: string): DemoName | undefined {
  const fasting = /^Do not eat for (\d+) hours before the sample; water is allowed\.$/.exec(english);
  if (fasting) {
    const h = Number(fasting[1]);
    return {
      ru: `Не ешьте ${h} ${ruHours(h)} до взятия пробы; воду пить можно.`,
      pl: `Nie jedz przez ${h} ${plHours(h)} przed pobraniem; wodę można pić.`,
    };
  }
  return PREPARATION[english];
}

export interface DemoLaboratoryName {
  ru: { cityName: string; address: string };
  pl: { cityName: string; address: string };
}

const warsaw = (ru: string, pl: string): DemoLaboratoryName => ({ ru: { cityName: 'Варшава', address: `${ru} Варшава` }, pl: { cityName: 'Warszawa', address: `${pl} Warszawa` } });
const krakow = (ru: string, pl: string): DemoLaboratoryName => ({ ru: { cityName: 'Краков', address: `${ru} Краков` }, pl: { cityName: 'Kraków', address: `${pl} Kraków` } });
const minsk = (ru: string, pl: string): DemoLaboratoryName => ({ ru: { cityName: 'Минск', address: `${ru} Минск` }, pl: { cityName: 'Mińsk', address: `${pl} Mińsk` } });
const vilnius = (ru: string, pl: string): DemoLaboratoryName => ({ ru: { cityName: 'Вильнюс', address: `${ru} Вильнюс` }, pl: { cityName: 'Wilno', address: `${pl} Wilno` } });

export const DEMO_LABORATORY_TRANSLATIONS: Record<string, DemoLaboratoryName> = {
  'warsaw-mokotow': warsaw('ул. Пулавска 145, 02-715', 'ul. Puławska 145, 02-715'),
  'warsaw-srodmiescie': warsaw('ул. Маршалковска 87, 00-683', 'ul. Marszałkowska 87, 00-683'),
  'warsaw-praga': warsaw('ул. Таргова 64, 03-734', 'ul. Targowa 64, 03-734'),
  'krakow-stare-miasto': krakow('ул. Длуга 42, 31-146', 'ul. Długa 42, 31-146'),
  'krakow-nowa-huta': krakow('ос. Центрум C 7, 31-929', 'os. Centrum C 7, 31-929'),
  'gdansk-wrzeszcz': { ru: { cityName: 'Гданьск', address: 'ал. Грюнвальдзка 82, 80-244 Гданьск' }, pl: { cityName: 'Gdańsk', address: 'al. Grunwaldzka 82, 80-244 Gdańsk' } },
  'wroclaw-krzyki': { ru: { cityName: 'Вроцлав', address: 'ул. Повстанцув Шлёнских 95, 53-332 Вроцлав' }, pl: { cityName: 'Wrocław', address: 'ul. Powstańców Śląskich 95, 53-332 Wrocław' } },
  'minsk-centre': minsk('пр. Независимости 48, 220005', 'al. Niepodległości 48, 220005'),
  'minsk-uruchie': minsk('пр. Независимости 168, 220141', 'al. Niepodległości 168, 220141'),
  'grodno-centre': { ru: { cityName: 'Гродно', address: 'ул. Советская 18, 230025 Гродно' }, pl: { cityName: 'Grodno', address: 'ul. Sowiecka 18, 230025 Grodno' } },
  'vilnius-naujamiestis': vilnius('пр. Саванорю 28, LT-03116', 'al. Savanorių 28, LT-03116'),
  'vilnius-antakalnis': vilnius('ул. Антакальнё 57, LT-10207', 'ul. Antakalnio 57, LT-10207'),
};

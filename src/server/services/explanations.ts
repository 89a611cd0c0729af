import type { ResultExplanationDto } from '@/lib/types/results';

/**
 * What an analysis measures and what a low or high value commonly means, in English, Russian and
 * Polish, for the analyses people order most; other analyses get their category's general text.
 * Plain-language orientation only: every text ends with the reminder that a doctor interprets the
 * result together with symptoms and other findings.
 */
type Lang = 'en' | 'ru' | 'pl';
type Text = { measures: string; low?: string; high?: string };

const DOCTOR: Record<Lang, string> = {
  en: 'Only a doctor can interpret a result, together with your symptoms, medicines and other tests.',
  ru: 'Интерпретировать результат может только врач, с учётом симптомов, лекарств и других анализов.',
  pl: 'Wynik może zinterpretować tylko lekarz, biorąc pod uwagę objawy, leki i inne badania.',
};

const BY_CODE: Record<string, Record<Lang, Text>> = {
  GB004: {
    en: { measures: 'The sugar (glucose) in your blood after a night without food.', low: 'Low values can follow a long fast, intense exercise or some medicines.', high: 'High values can point to prediabetes or diabetes; stress and illness raise it too.' },
    ru: { measures: 'Уровень сахара (глюкозы) в крови после ночи без еды.', low: 'Низкие значения бывают после долгого голодания, нагрузки или из-за некоторых лекарств.', high: 'Высокие значения могут указывать на преддиабет или диабет; их повышают также стресс и болезнь.' },
    pl: { measures: 'Poziom cukru (glukozy) we krwi po nocy bez jedzenia.', low: 'Niskie wartości zdarzają się po długim poście, wysiłku lub przy niektórych lekach.', high: 'Wysokie wartości mogą wskazywać na stan przedcukrzycowy lub cukrzycę; podnoszą je też stres i choroba.' },
  },
  GB005: {
    en: { measures: 'The share of haemoglobin carrying sugar: your average blood sugar over two to three months.', high: 'High values suggest blood sugar has been raised for weeks, as in diabetes.' },
    ru: { measures: 'Доля гемоглобина, связанного с сахаром: средний сахар крови за два-три месяца.', high: 'Высокие значения говорят о повышенном сахаре в течение недель, как при диабете.' },
    pl: { measures: 'Odsetek hemoglobiny związanej z cukrem: średni poziom cukru z dwóch-trzech miesięcy.', high: 'Wysokie wartości wskazują na podwyższony cukier od tygodni, jak w cukrzycy.' },
  },
  GB006: {
    en: { measures: 'All cholesterol carried in the blood, a marker of heart and vessel risk.', high: 'High values raise the long-term risk of heart disease and stroke.' },
    ru: { measures: 'Весь холестерин в крови, показатель риска для сердца и сосудов.', high: 'Высокие значения повышают долгосрочный риск болезней сердца и инсульта.' },
    pl: { measures: 'Cały cholesterol we krwi, wskaźnik ryzyka chorób serca i naczyń.', high: 'Wysokie wartości zwiększają długoterminowe ryzyko chorób serca i udaru.' },
  },
  GB008: {
    en: { measures: 'LDL, the cholesterol that can build up in vessel walls.', high: 'High values raise the risk of narrowed arteries over years.' },
    ru: { measures: 'ЛПНП — холестерин, который может откладываться в стенках сосудов.', high: 'Высокие значения с годами повышают риск сужения артерий.' },
    pl: { measures: 'LDL, cholesterol, który może odkładać się w ścianach naczyń.', high: 'Wysokie wartości z latami zwiększają ryzyko zwężenia tętnic.' },
  },
  GB010: {
    en: { measures: 'An enzyme of liver cells that leaks into the blood when they are damaged.', high: 'High values can come from fatty liver, hepatitis, alcohol, medicines or hard exercise.' },
    ru: { measures: 'Фермент клеток печени, попадающий в кровь при их повреждении.', high: 'Высокие значения бывают при жировой болезни печени, гепатите, алкоголе, лекарствах или нагрузке.' },
    pl: { measures: 'Enzym komórek wątroby, który przechodzi do krwi, gdy są uszkodzone.', high: 'Wysokie wartości mogą wynikać ze stłuszczenia wątroby, zapalenia, alkoholu, leków lub wysiłku.' },
  },
  GB018: {
    en: { measures: 'A waste product of muscles cleared by the kidneys; it shows how well they filter.', low: 'Low values are common with small muscle mass and are rarely a concern.', high: 'High values can mean the kidneys filter less well; dehydration and meat meals raise it too.' },
    ru: { measures: 'Продукт обмена мышц, выводимый почками; показывает, как хорошо они фильтруют.', low: 'Низкие значения часто бывают при небольшой мышечной массе и редко тревожны.', high: 'Высокие значения могут означать снижение фильтрации почек; их повышают также обезвоживание и мясная пища.' },
    pl: { measures: 'Produkt przemiany mięśni usuwany przez nerki; pokazuje, jak dobrze filtrują.', low: 'Niskie wartości są częste przy małej masie mięśni i rzadko niepokojące.', high: 'Wysokie wartości mogą oznaczać słabszą filtrację nerek; podnoszą je też odwodnienie i posiłki mięsne.' },
  },
  GB022: {
    en: { measures: 'Potassium, a salt that nerves, muscles and the heart rhythm depend on.', low: 'Low values can follow vomiting, diarrhoea or water tablets and may affect the heart rhythm.', high: 'High values can come from kidney problems or medicines and may affect the heart rhythm; a sample that stood too long can also read high.' },
    ru: { measures: 'Калий — соль, от которой зависят нервы, мышцы и ритм сердца.', low: 'Низкие значения бывают после рвоты, диареи или мочегонных и могут влиять на ритм сердца.', high: 'Высокие значения бывают при болезнях почек или от лекарств и могут влиять на ритм сердца; завышать их может и долго стоявший образец.' },
    pl: { measures: 'Potas, sól, od której zależą nerwy, mięśnie i rytm serca.', low: 'Niskie wartości zdarzają się po wymiotach, biegunce lub lekach moczopędnych i mogą wpływać na rytm serca.', high: 'Wysokie wartości mogą wynikać z chorób nerek lub leków i wpływać na rytm serca; zawyżyć je może też długo stojąca próbka.' },
  },
  GB021: {
    en: { measures: 'Sodium, the main salt of the blood, which keeps its water balance.', low: 'Low values can come from drinking a lot of water, some medicines, heart, liver or kidney disease.', high: 'High values usually mean the body has too little water.' },
    ru: { measures: 'Натрий — главная соль крови, поддерживающая водный баланс.', low: 'Низкие значения бывают при избытке воды, от лекарств, при болезнях сердца, печени или почек.', high: 'Высокие значения обычно означают нехватку воды в организме.' },
    pl: { measures: 'Sód, główna sól krwi, która utrzymuje bilans wodny.', low: 'Niskie wartości mogą wynikać z picia dużej ilości wody, leków, chorób serca, wątroby lub nerek.', high: 'Wysokie wartości zwykle oznaczają zbyt mało wody w organizmie.' },
  },
  GB028: {
    en: { measures: 'Ferritin, the protein that stores iron: it shows your iron reserves.', low: 'Low values are the earliest sign of iron deficiency, common with heavy periods or little iron in the diet.', high: 'High values can come from inflammation, liver disease or iron overload.' },
    ru: { measures: 'Ферритин — белок, хранящий железо: показывает запасы железа.', low: 'Низкие значения — самый ранний признак дефицита железа, частого при обильных менструациях или бедной железом диете.', high: 'Высокие значения бывают при воспалении, болезнях печени или избытке железа.' },
    pl: { measures: 'Ferrytyna, białko magazynujące żelazo: pokazuje zapasy żelaza.', low: 'Niskie wartości to najwcześniejszy znak niedoboru żelaza, częstego przy obfitych miesiączkach lub diecie ubogiej w żelazo.', high: 'Wysokie wartości mogą wynikać ze stanu zapalnego, choroby wątroby lub nadmiaru żelaza.' },
  },
  GB030: {
    en: { measures: 'Vitamin B12, needed for blood cells and nerves.', low: 'Low values can come from a diet without animal foods, stomach or gut problems or some medicines.', high: 'High values are usually from supplements.' },
    ru: { measures: 'Витамин B12, нужный для клеток крови и нервов.', low: 'Низкие значения бывают при диете без продуктов животного происхождения, болезнях желудка и кишечника или от лекарств.', high: 'Высокие значения обычно связаны с добавками.' },
    pl: { measures: 'Witamina B12, potrzebna krwinkom i nerwom.', low: 'Niskie wartości mogą wynikać z diety bez produktów zwierzęcych, chorób żołądka lub jelit albo leków.', high: 'Wysokie wartości zwykle pochodzą z suplementów.' },
  },
  GB032: {
    en: { measures: 'The stored form of vitamin D, which keeps bones and muscles healthy.', low: 'Low values are common in winter and with little time outdoors.', high: 'High values usually come from high-dose supplements.' },
    ru: { measures: 'Запасная форма витамина D, важного для костей и мышц.', low: 'Низкие значения часты зимой и при редком пребывании на солнце.', high: 'Высокие значения обычно связаны с большими дозами добавок.' },
    pl: { measures: 'Zapasowa forma witaminy D, ważnej dla kości i mięśni.', low: 'Niskie wartości są częste zimą i przy rzadkim przebywaniu na słońcu.', high: 'Wysokie wartości zwykle wynikają z dużych dawek suplementów.' },
  },
  GB033: {
    en: { measures: 'C-reactive protein, made by the liver within hours of inflammation or infection.', high: 'High values point to inflammation or infection somewhere in the body; very high values often to a bacterial infection.' },
    ru: { measures: 'С-реактивный белок, который печень вырабатывает в первые часы воспаления или инфекции.', high: 'Высокие значения указывают на воспаление или инфекцию; очень высокие — часто на бактериальную.' },
    pl: { measures: 'Białko C-reaktywne, wytwarzane przez wątrobę w ciągu godzin od stanu zapalnego lub infekcji.', high: 'Wysokie wartości wskazują na stan zapalny lub infekcję; bardzo wysokie często na bakteryjną.' },
  },
  HR001: {
    en: { measures: 'The pituitary hormone that tells the thyroid how hard to work.', low: 'Low values can mean an overactive thyroid or too high a thyroid medicine dose.', high: 'High values can mean an underactive thyroid, often from Hashimoto\'s thyroiditis.' },
    ru: { measures: 'Гормон гипофиза, который управляет работой щитовидной железы.', low: 'Низкие значения могут означать повышенную функцию щитовидной железы или избыток гормонов в лечении.', high: 'Высокие значения могут означать сниженную функцию щитовидной железы, часто при тиреоидите Хашимото.' },
    pl: { measures: 'Hormon przysadki, który steruje pracą tarczycy.', low: 'Niskie wartości mogą oznaczać nadczynność tarczycy lub zbyt dużą dawkę leku.', high: 'Wysokie wartości mogą oznaczać niedoczynność tarczycy, często w chorobie Hashimoto.' },
  },
  HR002: {
    en: { measures: 'The free thyroid hormone T4, available to the body\'s cells.', low: 'Low values can mean an underactive thyroid.', high: 'High values can mean an overactive thyroid.' },
    ru: { measures: 'Свободный гормон щитовидной железы Т4, доступный клеткам.', low: 'Низкие значения могут означать сниженную функцию щитовидной железы.', high: 'Высокие значения могут означать повышенную функцию щитовидной железы.' },
    pl: { measures: 'Wolny hormon tarczycy T4, dostępny dla komórek.', low: 'Niskie wartości mogą oznaczać niedoczynność tarczycy.', high: 'Wysokie wartości mogą oznaczać nadczynność tarczycy.' },
  },
  HR015: {
    en: { measures: 'Testosterone, the main male sex hormone, also present in smaller amounts in women.', low: 'Low values in men can cause tiredness and low libido.', high: 'High values in women can come with irregular periods or extra hair growth, as in PCOS.' },
    ru: { measures: 'Тестостерон — главный мужской половой гормон, в меньших количествах есть и у женщин.', low: 'Низкие значения у мужчин могут вызывать усталость и снижение либидо.', high: 'Высокие значения у женщин бывают при нерегулярном цикле или избыточном росте волос, как при СПКЯ.' },
    pl: { measures: 'Testosteron, główny męski hormon płciowy, obecny w mniejszej ilości także u kobiet.', low: 'Niskie wartości u mężczyzn mogą powodować zmęczenie i spadek libido.', high: 'Wysokie wartości u kobiet mogą towarzyszyć nieregularnym miesiączkom lub nadmiernemu owłosieniu, jak w PCOS.' },
  },
  DG001: {
    en: { measures: 'Prostate-specific antigen, a protein made by the prostate.', high: 'High values can come from an enlarged or inflamed prostate, recent cycling or sex, and sometimes prostate cancer.' },
    ru: { measures: 'Простатспецифический антиген — белок, вырабатываемый простатой.', high: 'Высокие значения бывают при увеличении или воспалении простаты, после езды на велосипеде или секса, иногда при раке простаты.' },
    pl: { measures: 'Antygen swoisty dla prostaty, białko wytwarzane przez prostatę.', high: 'Wysokie wartości mogą wynikać z powiększenia lub zapalenia prostaty, jazdy na rowerze lub seksu, czasem z raka prostaty.' },
  },
  DG008: {
    en: { measures: 'Antibodies against HIV 1 and 2 and the HIV p24 antigen.', high: 'A reactive result must be confirmed by another test before anything is concluded.' },
    ru: { measures: 'Антитела к ВИЧ 1 и 2 и антиген p24 ВИЧ.', high: 'Положительный результат обязательно подтверждают другим тестом, прежде чем делать выводы.' },
    pl: { measures: 'Przeciwciała przeciw HIV 1 i 2 oraz antygen p24 HIV.', high: 'Wynik reaktywny musi zostać potwierdzony innym badaniem, zanim cokolwiek się stwierdzi.' },
  },
  AI020: {
    en: { measures: 'Antibodies against thyroid peroxidase, an enzyme of the thyroid.', high: 'High values are typical of autoimmune thyroiditis (Hashimoto\'s), even while thyroid hormones are still normal.' },
    ru: { measures: 'Антитела к тиреопероксидазе — ферменту щитовидной железы.', high: 'Высокие значения типичны для аутоиммунного тиреоидита (Хашимото), даже при нормальных гормонах.' },
    pl: { measures: 'Przeciwciała przeciw peroksydazie tarczycowej, enzymowi tarczycy.', high: 'Wysokie wartości są typowe dla autoimmunologicznego zapalenia tarczycy (Hashimoto), nawet przy prawidłowych hormonach.' },
  },
};

/** General texts by category header, for analyses without their own. */
const BY_CATEGORY: Record<number, Record<Lang, Text>> = {
  1: {
    en: { measures: 'Antibodies that the immune system may make against the body\'s own tissues.', high: 'A raised or positive result can belong to an autoimmune disease but is also found in healthy people.' },
    ru: { measures: 'Антитела, которые иммунная система может вырабатывать против собственных тканей.', high: 'Повышенный или положительный результат бывает при аутоиммунных болезнях, но встречается и у здоровых людей.' },
    pl: { measures: 'Przeciwciała, które układ odpornościowy może wytwarzać przeciw własnym tkankom.', high: 'Podwyższony lub dodatni wynik może należeć do choroby autoimmunologicznej, ale zdarza się też u zdrowych osób.' },
  },
  2: {
    en: { measures: 'A hormone level; it depends on age, sex, time of day and, for women, the day of the cycle.', low: 'A low value can mean the gland makes too little of the hormone.', high: 'A high value can mean the gland makes too much, or come from medicines or the time of sampling.' },
    ru: { measures: 'Уровень гормона; зависит от возраста, пола, времени суток, а у женщин — от дня цикла.', low: 'Низкое значение может означать, что железа вырабатывает мало гормона.', high: 'Высокое значение может означать избыток гормона или быть связано с лекарствами и временем взятия.' },
    pl: { measures: 'Poziom hormonu; zależy od wieku, płci, pory dnia, a u kobiet od dnia cyklu.', low: 'Niska wartość może oznaczać, że gruczoł wytwarza za mało hormonu.', high: 'Wysoka wartość może oznaczać nadmiar hormonu albo wynikać z leków i pory pobrania.' },
  },
  3: {
    en: { measures: 'Immunoglobulin E antibodies, which the body makes in allergy.', high: 'A raised value shows sensitisation; whether it causes symptoms is judged with your history.' },
    ru: { measures: 'Антитела иммуноглобулин E, которые организм вырабатывает при аллергии.', high: 'Повышенное значение показывает сенсибилизацию; вызывает ли она симптомы, оценивают по анамнезу.' },
    pl: { measures: 'Przeciwciała immunoglobuliny E, które organizm wytwarza w alergii.', high: 'Podwyższona wartość wskazuje na uczulenie; czy wywołuje objawy, ocenia się na podstawie wywiadu.' },
  },
  4: {
    en: { measures: 'A routine blood or urine value used in general health checks.', low: 'A value below the interval can have harmless causes or point to a deficiency.', high: 'A value above the interval can have harmless causes or point to strain on an organ.' },
    ru: { measures: 'Обычный показатель крови или мочи из общего обследования.', low: 'Значение ниже интервала может иметь безобидные причины или указывать на дефицит.', high: 'Значение выше интервала может иметь безобидные причины или указывать на нагрузку на орган.' },
    pl: { measures: 'Rutynowy wskaźnik krwi lub moczu z ogólnych badań kontrolnych.', low: 'Wartość poniżej przedziału może mieć niegroźne przyczyny lub wskazywać na niedobór.', high: 'Wartość powyżej przedziału może mieć niegroźne przyczyny lub wskazywać na obciążenie narządu.' },
  },
  5: {
    en: { measures: 'A genetic variant in your DNA; it does not change during life.' },
    ru: { measures: 'Генетический вариант в вашей ДНК; он не меняется в течение жизни.' },
    pl: { measures: 'Wariant genetyczny w Twoim DNA; nie zmienia się w ciągu życia.' },
  },
  6: {
    en: { measures: 'A marker of infection, tumour activity or organ strain.', high: 'A raised or positive value needs a doctor\'s assessment; markers can also rise for harmless reasons.' },
    ru: { measures: 'Маркер инфекции, опухолевой активности или нагрузки на орган.', high: 'Повышенное или положительное значение требует оценки врача; маркеры могут расти и по безобидным причинам.' },
    pl: { measures: 'Wskaźnik infekcji, aktywności nowotworu lub obciążenia narządu.', high: 'Podwyższona lub dodatnia wartość wymaga oceny lekarza; wskaźniki mogą rosnąć też z niegroźnych przyczyn.' },
  },
};

const LANGS: Lang[] = ['en', 'ru', 'pl'];

/**
 * The explanation of an analysis in every language (the page shows the user's, so switching
 * language needs no reload). `categoryIds` are the analysis' catalogue headers.
 */
export function explanationOf(code: string, categoryIds: number[]): ResultExplanationDto {
  const own = BY_CODE[code];
  const category = categoryIds.map((id) => BY_CATEGORY[id]).find(Boolean);
  const source = own ?? category ?? BY_CATEGORY[4];
  const out = {} as ResultExplanationDto;
  for (const lang of LANGS) {
    const t = (source as Record<Lang, Text>)[lang];
    out[lang] = { measures: t.measures, low: t.low ?? null, high: t.high ?? null, doctor: DOCTOR[lang] };
  }
  return out;
}

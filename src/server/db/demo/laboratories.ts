/**
 * Demo laboratories: seven cities in Poland (PLN), Belarus (BYN) and Lithuania (EUR). Labs of one
 * city or region share a price list; `factor` converts the catalogue's base prices (EUR) into the
 * list's currency.
 */
export type DemoCurrency = 'EUR' | 'PLN' | 'BYN';

export interface DemoPriceList {
  key: string;
  name: string;
  currency: DemoCurrency;
  factor: number;
  /** Analysis codes this list has no price for (the "unavailable" case). */
  missing: string[];
}

export const DEMO_PRICE_LISTS: DemoPriceList[] = [
  { key: 'warsaw', name: 'Warsaw (PLN)', currency: 'PLN', factor: 4.4, missing: [] },
  { key: 'poland', name: 'Poland, regional laboratories (PLN)', currency: 'PLN', factor: 4.1, missing: [] },
  { key: 'minsk', name: 'Minsk (BYN)', currency: 'BYN', factor: 3.4, missing: [] },
  { key: 'grodno', name: 'Grodno (BYN)', currency: 'BYN', factor: 3.1, missing: ['GN011', 'GN012', 'GN014', 'GN019', 'GN020', 'DG027'] },
  { key: 'vilnius', name: 'Vilnius (EUR)', currency: 'EUR', factor: 1, missing: [] },
];

export interface DemoLaboratory {
  id: string;
  cityName: string;
  country: 'PL' | 'BY' | 'LT';
  address: string;
  email: string;
  aboutLink: string;
  phone: string;
  latitude: number;
  longitude: number;
  priceList: string;
  /** Home visit fee in major units of the list's currency. */
  visitFee: number;
}

export const DEMO_LABORATORIES: DemoLaboratory[] = [
  {
    id: 'warsaw-mokotow',
    cityName: 'Warsaw',
    country: 'PL',
    address: 'ul. Puławska 145, 02-715 Warszawa',
    email: 'mokotow@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/warsaw-mokotow',
    phone: '+48 22 843 21 10',
    latitude: 52.1905,
    longitude: 21.022,
    priceList: 'warsaw',
    visitFee: 49,
  },
  {
    id: 'warsaw-srodmiescie',
    cityName: 'Warsaw',
    country: 'PL',
    address: 'ul. Marszałkowska 87, 00-683 Warszawa',
    email: 'srodmiescie@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/warsaw-srodmiescie',
    phone: '+48 22 628 40 55',
    latitude: 52.229,
    longitude: 21.0118,
    priceList: 'warsaw',
    visitFee: 49,
  },
  {
    id: 'warsaw-praga',
    cityName: 'Warsaw',
    country: 'PL',
    address: 'ul. Targowa 64, 03-734 Warszawa',
    email: 'praga@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/warsaw-praga',
    phone: '+48 22 619 73 02',
    latitude: 52.251,
    longitude: 21.038,
    priceList: 'warsaw',
    visitFee: 45,
  },
  {
    id: 'krakow-stare-miasto',
    cityName: 'Kraków',
    country: 'PL',
    address: 'ul. Długa 42, 31-146 Kraków',
    email: 'stare-miasto@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/krakow-stare-miasto',
    phone: '+48 12 632 18 44',
    latitude: 50.07,
    longitude: 19.937,
    priceList: 'poland',
    visitFee: 39,
  },
  {
    id: 'krakow-nowa-huta',
    cityName: 'Kraków',
    country: 'PL',
    address: 'os. Centrum C 7, 31-929 Kraków',
    email: 'nowa-huta@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/krakow-nowa-huta',
    phone: '+48 12 644 90 21',
    latitude: 50.0717,
    longitude: 20.0375,
    priceList: 'poland',
    visitFee: 39,
  },
  {
    id: 'gdansk-wrzeszcz',
    cityName: 'Gdańsk',
    country: 'PL',
    address: 'al. Grunwaldzka 82, 80-244 Gdańsk',
    email: 'wrzeszcz@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/gdansk-wrzeszcz',
    phone: '+48 58 341 26 70',
    latitude: 54.3796,
    longitude: 18.6064,
    priceList: 'poland',
    visitFee: 42,
  },
  {
    id: 'wroclaw-krzyki',
    cityName: 'Wrocław',
    country: 'PL',
    address: 'ul. Powstańców Śląskich 95, 53-332 Wrocław',
    email: 'krzyki@labshop.pl',
    aboutLink: 'https://labshop.pl/laboratories/wroclaw-krzyki',
    phone: '+48 71 361 55 08',
    latitude: 51.094,
    longitude: 17.02,
    priceList: 'poland',
    visitFee: 42,
  },
  {
    id: 'minsk-centre',
    cityName: 'Minsk',
    country: 'BY',
    address: 'pr. Nezavisimosti 48, 220005 Minsk',
    email: 'centre.minsk@labshop.by',
    aboutLink: 'https://labshop.by/laboratories/minsk-centre',
    phone: '+375 17 288 14 60',
    latitude: 53.9138,
    longitude: 27.5866,
    priceList: 'minsk',
    visitFee: 25,
  },
  {
    id: 'minsk-uruchie',
    cityName: 'Minsk',
    country: 'BY',
    address: 'pr. Nezavisimosti 168, 220141 Minsk',
    email: 'uruchie.minsk@labshop.by',
    aboutLink: 'https://labshop.by/laboratories/minsk-uruchie',
    phone: '+375 17 263 07 92',
    latitude: 53.938,
    longitude: 27.665,
    priceList: 'minsk',
    visitFee: 25,
  },
  {
    id: 'grodno-centre',
    cityName: 'Grodno',
    country: 'BY',
    address: 'ul. Sovetskaya 18, 230025 Grodno',
    email: 'grodno@labshop.by',
    aboutLink: 'https://labshop.by/laboratories/grodno-centre',
    phone: '+375 152 74 31 15',
    latitude: 53.678,
    longitude: 23.829,
    priceList: 'grodno',
    visitFee: 20,
  },
  {
    id: 'vilnius-naujamiestis',
    cityName: 'Vilnius',
    country: 'LT',
    address: 'Savanorių pr. 28, LT-03116 Vilnius',
    email: 'naujamiestis@labshop.lt',
    aboutLink: 'https://labshop.lt/laboratories/vilnius-naujamiestis',
    phone: '+370 5 213 44 80',
    latitude: 54.678,
    longitude: 25.264,
    priceList: 'vilnius',
    visitFee: 15,
  },
  {
    id: 'vilnius-antakalnis',
    cityName: 'Vilnius',
    country: 'LT',
    address: 'Antakalnio g. 57, LT-10207 Vilnius',
    email: 'antakalnis@labshop.lt',
    aboutLink: 'https://labshop.lt/laboratories/vilnius-antakalnis',
    phone: '+370 5 234 61 19',
    latitude: 54.703,
    longitude: 25.312,
    priceList: 'vilnius',
    visitFee: 15,
  },
];

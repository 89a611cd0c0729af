/** Every browser namespace of one language, loaded as one chunk when the language is used. */
import common from '../../../../locales/ru/common.json';
import catalogue from '../../../../locales/ru/catalogue.json';
import help from '../../../../locales/ru/help.json';
import account from '../../../../locales/ru/account.json';
import cart from '../../../../locales/ru/cart.json';
import cartFlows from '../../../../locales/ru/cartFlows.json';
import results from '../../../../locales/ru/results.json';
import staff from '../../../../locales/ru/staff.json';
import visit from '../../../../locales/ru/visit.json';
import invoices from '../../../../locales/ru/invoices.json';

const bundle = { common, catalogue, help, account, cart, cartFlows, results, staff, visit, invoices };
export default bundle;

/** Every browser namespace of one language, loaded as one chunk when the language is used. */
import common from '../../../../locales/pl/common.json';
import catalogue from '../../../../locales/pl/catalogue.json';
import help from '../../../../locales/pl/help.json';
import account from '../../../../locales/pl/account.json';
import cart from '../../../../locales/pl/cart.json';
import cartFlows from '../../../../locales/pl/cartFlows.json';
import results from '../../../../locales/pl/results.json';
import staff from '../../../../locales/pl/staff.json';
import visit from '../../../../locales/pl/visit.json';
import invoices from '../../../../locales/pl/invoices.json';

const bundle = { common, catalogue, help, account, cart, cartFlows, results, staff, visit, invoices };
export default bundle;

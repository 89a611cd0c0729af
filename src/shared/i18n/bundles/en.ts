/** Every browser namespace of one language, loaded as one chunk when the language is used. */
import common from '../../../../locales/en/common.json';
import catalogue from '../../../../locales/en/catalogue.json';
import help from '../../../../locales/en/help.json';
import account from '../../../../locales/en/account.json';
import cart from '../../../../locales/en/cart.json';
import cartFlows from '../../../../locales/en/cartFlows.json';
import results from '../../../../locales/en/results.json';
import staff from '../../../../locales/en/staff.json';
import visit from '../../../../locales/en/visit.json';
import invoices from '../../../../locales/en/invoices.json';

const bundle = { common, catalogue, help, account, cart, cartFlows, results, staff, visit, invoices };
export default bundle;

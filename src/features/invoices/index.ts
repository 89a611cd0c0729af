export { OrderDocuments } from './components/OrderDocuments';

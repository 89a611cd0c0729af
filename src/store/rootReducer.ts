import { combineReducers } from '@reduxjs/toolkit';
import auth from '@/features/auth/authSlice';
import account from '@/features/account/accountSlice';
import lab from '@/features/lab/labSlice';
import catalogue from '@/features/catalogue/catalogueSlice';
import patients from '@/features/patients/patientsSlice';
import cart from '@/features/cart/cartSlice';
import checkout from '@/features/checkout/checkoutSlice';
import orders from '@/features/orders/ordersSlice';
import results from '@/features/results/resultsSlice';
import staff from '@/features/staff/staffSlice';
import errors from '@/features/shell/errorsSlice';

/** One slice per domain; each domain owns its file under src/features/<domain>/. */
export const rootReducer = combineReducers({ auth, account, lab, catalogue, patients, cart, checkout, orders, results, staff, errors });

import { paymentChoice } from './paymentMethods';

describe('the payment-method choice at checkout (made once, from what the server says the laboratory offers)', () => {
  it('offers the laboratory\'s methods and picks its default (the first) until the patient chooses', () => {
    expect(paymentChoice(['online', 'on_visit'], null)).toEqual({ methods: ['online', 'on_visit'], method: 'online' });
    expect(paymentChoice(['online', 'on_visit'], 'on_visit')).toEqual({ methods: ['online', 'on_visit'], method: 'on_visit' });
  });

  it('a choice the laboratory does not offer (no provider for its currency) falls back to what it offers', () => {
    expect(paymentChoice(['on_visit'], 'online')).toEqual({ methods: ['on_visit'], method: 'on_visit' });
  });

  it('decides nothing while the laboratory\'s methods are not known', () => {
    expect(paymentChoice(undefined, 'online')).toBeNull();
    expect(paymentChoice([], null)).toBeNull();
  });
});

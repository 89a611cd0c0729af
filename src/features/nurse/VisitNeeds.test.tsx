import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/renderApp';
import { noNeeds } from '@/shared/needs';
import { VisitNeeds } from './VisitNeeds';

/** The needs and the check-in on the nurse's visit card, in the nurse's language. */
describe('VisitNeeds', () => {
  it("lists each patient's needs and warns of a check-in that broke a rule", async () => {
    renderApp(
      <VisitNeeds
        timeZone="Europe/Warsaw"
        visit={{
          needs: {
            patients: [{ patientId: 1, name: 'Ola Nowak', needs: { ...noNeeds(), language: 'ru', nurse: 'female', latexAllergy: true, intercom: '15K' } }],
            checkIn: { lastMealAt: '2027-03-10T02:00:00Z', cycleStart: null, fastingHours: 5, requiredFastingHours: 8, ok: false, answeredAt: '2027-03-10T05:20:00Z' },
          },
        }}
      />,
    );
    const item = await screen.findByText(/Ola Nowak/);
    expect(item.closest('li')).toHaveTextContent('Ola Nowak: speaks Russian · prefers a female nurse · latex allergy: latex-free gloves and plaster · intercom: 15K');
    expect(screen.getByTestId('sample-check-in')).toHaveTextContent('Morning check-in breaks a timing rule:');
    expect(screen.getByTestId('sample-check-in')).toHaveTextContent('fasting 5 h of 8 h');
  });

  it('shows nothing when nobody said anything and there is no check-in', () => {
    renderApp(<VisitNeeds visit={{ needs: { patients: [], checkIn: null } }} />);
    expect(screen.queryByTestId('visit-needs')).toBeNull();
  });
});

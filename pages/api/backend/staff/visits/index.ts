import { method, route } from '@/server/http/route';
import { staffVisitsQuerySchema } from '@/shared/validation/results';
import { listVisits } from '@/server/services/nurseVisits';
import { actorOf, recordAudit } from '@/server/services/audit';

export const config = { api: { bodyParser: false } };

/** The day's home visits the caller may see (a nurse: their own), in time order; the read is audited (names and addresses). */
export default route({
  GET: method({
    auth: 'staffOrNurse' as const,
    query: staffVisitsQuerySchema,
    handler: async ({ db, user, query, ip }) => {
      const day = await listVisits(db, user, query.day);
      await recordAudit(db, { action: 'health_read', ...actorOf(user), laboratoryId: user.staffLaboratoryId, ip, detail: `visits of ${day.day} (${day.visits.length})` });
      return day;
    },
  }),
});

import { errorMessage } from '../../../lib/api-client';
import { useCustomerActivity } from '../../../lib/history';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { Timeline } from '../../../lib/ui/timeline';

/** Account Info's "Recent activity": the audit log's entries about this account, in plain words. */
export function RecentActivity() {
  const activity = useCustomerActivity();
  return (
    <section className="card stack" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Recent activity</h2>
      {activity.isPending && <Skeleton label="Loading recent activity…" />}
      {activity.isError && <FormAlert message={errorMessage(activity.error)} />}
      {activity.data && (
        <Timeline
          label="Recent activity"
          empty="Nothing has changed on your account yet."
          items={activity.data.entries.map((e) => ({ id: e.id, at: e.at, title: e.text }))}
        />
      )}
    </section>
  );
}

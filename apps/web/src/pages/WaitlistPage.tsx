import { AuthCard } from '../features/auth/AuthCard';
import { useDocumentTitle } from '../features/layout';
import { WaitlistForm } from '../features/waitlist/WaitlistForm';

export function WaitlistPage() {
  useDocumentTitle('Join the waitlist');
  return (
    <AuthCard
      title="Join the waitlist"
      subtitle="Sign-ups are closed for now. Leave your email and we will let you know when Healthfolio opens up."
    >
      <WaitlistForm />
    </AuthCard>
  );
}

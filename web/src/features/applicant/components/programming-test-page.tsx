import { useCallback, useState } from 'react';
import { usePageTitle } from '../../../lib/ui/page-title';
import { readApplicantSignIn } from '../api/applicant-session';
import { ApplicantLoginForm } from './applicant-login-form';
import { UploadForm } from './upload-form';

/** /programmingTestPage (SPEC §2): the applicant signs in, then submits one .zip. Public: no portal session. */
export function ProgrammingTestPage() {
  usePageTitle('Programming test');
  const [signedIn, setSignedIn] = useState(() => readApplicantSignIn() !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const onSignedOut = useCallback((message: string | null) => {
    setNotice(message);
    setSignedIn(false);
  }, []);

  if (!signedIn) {
    return (
      <ApplicantLoginForm
        notice={notice}
        onSignedIn={() => {
          setNotice(null);
          setSignedIn(true);
        }}
      />
    );
  }
  return <UploadForm onSignedOut={onSignedOut} />;
}

import { Outlet } from 'react-router';
import { useShellConfig } from '../lib/shell-config';
import { AuthFrame } from './auth-frame';

/** Sign-in, registration, recovery and super-user pages: a simple branded frame around one card. */
export function AuthLayout() {
  return (
    <AuthFrame config={useShellConfig()}>
      <Outlet />
    </AuthFrame>
  );
}

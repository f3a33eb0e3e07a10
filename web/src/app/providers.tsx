import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '@web/lib/auth';
import { createQueryClient } from '@web/lib/query-client';
import { ToastProvider } from '@web/lib/toast';

export function AppProviders({ children, skipSplash }: { children: ReactNode; skipSplash?: boolean }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider skipSplash={skipSplash}>{children}</AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

// What a toast says: what a screen asks for (ToastInput) and what the region shows (ShownToast, numbered so a new
// toast remounts with a fresh timer).

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ShownToast extends ToastInput {
  id: number;
}

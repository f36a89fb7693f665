import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';

type AgentSubmitEvent = SubmitEvent & {
  agentInvoked?: boolean;
  respondWith?: (response: Promise<unknown> | unknown) => void;
};

export interface WebMCPFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  toolName: string;
  toolDescription: string;
  autoSubmit?: boolean;
  /** Return a value (or a promise) to answer the agent; people get the ordinary submit. */
  onSubmit: (data: FormData, info: { agentInvoked: boolean }) => unknown;
  children: ReactNode;
}

export function WebMCPForm({ toolName, toolDescription, autoSubmit, onSubmit, children, ...rest }: WebMCPFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const native = event.nativeEvent as AgentSubmitEvent;
    const agentInvoked = Boolean(native.agentInvoked);
    event.preventDefault();
    const result = onSubmit(new FormData(event.currentTarget), { agentInvoked });
    if (agentInvoked && typeof native.respondWith === 'function') {
      native.respondWith(Promise.resolve(result));
    }
  };

  return (
    <form
      {...rest}
      toolname={toolName}
      tooldescription={toolDescription}
      toolautosubmit={autoSubmit ? '' : undefined}
      onSubmit={handleSubmit}
    >
      {children}
    </form>
  );
}

declare module 'react' {
  interface FormHTMLAttributes<T> {
    toolname?: string;
    tooldescription?: string;
    toolautosubmit?: string;
  }
  interface InputHTMLAttributes<T> {
    toolparamdescription?: string;
  }
  interface SelectHTMLAttributes<T> {
    toolparamdescription?: string;
  }
  interface TextareaHTMLAttributes<T> {
    toolparamdescription?: string;
  }
}

import { formatCount } from '@common/format';
import { CONTACT_FIELD_MAX, CONTACT_MESSAGE_MAX, CONTACT_TEXTS } from '@common/contact';
import { CheckCircle2, Send, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { TextArea, TextField } from '@web/components/ui/field';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { useCaptcha, useSendContact } from '../api/contact';
import { CaptchaField } from './CaptchaField';

type Field = 'name' | 'email' | 'subject' | 'message' | 'captcha_answer';
type Values = Record<Field, string>;
type Outcome = { ok: boolean; message: string } | null;

/**
 * Spec 1 §2/§5/§8 contact form. The server checks every rule and its per-field messages show under the
 * fields (first message only); after any result the captcha picture is replaced (spec 1 §4).
 */
export function ContactForm() {
  const { user } = useAuth();
  // Members sign in with Discord's identify scope only, so the site knows their name but no email address.
  const prefilled = { name: user ? (user.global_name ?? user.username) : '', email: '' };
  const empty: Values = { ...prefilled, subject: '', message: '', captcha_answer: '' };
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const captcha = useCaptcha();
  const send = useSendContact();

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    disabled: send.isPending,
    onChange: (event: { target: { value: string } }) => change(field)(event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !captcha.data) return;
    setOutcome(null);
    send.mutate(
      { ...values, captcha_token: captcha.data.token },
      {
        onSuccess: (result) => {
          setValues(empty);
          setErrors({});
          setOutcome({ ok: true, message: result.message || CONTACT_TEXTS.sent });
        },
        onError: (error) => {
          const failure = error instanceof ApiError ? error : undefined;
          const fieldErrors: Partial<Record<Field, string>> = {};
          for (const field of Object.keys(values) as Field[]) fieldErrors[field] = failure?.field(field);
          setErrors(fieldErrors);
          setValues((current) => ({ ...current, captcha_answer: '' }));
          const message = !failure || failure.status === 0 ? CONTACT_TEXTS.network : failure.message || CONTACT_TEXTS.failed;
          setOutcome({ ok: false, message });
        },
        // Every answer uses the captcha up: a new picture after any result.
        onSettled: () => void captcha.refetch(),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" maxLength={CONTACT_FIELD_MAX} placeholder="Your name" {...text('name')} />
        <TextField label="Email" type="email" autoComplete="email" maxLength={CONTACT_FIELD_MAX} placeholder="you@example.com" {...text('email')} />
      </div>
      <TextField label="Subject" maxLength={CONTACT_FIELD_MAX} placeholder="What is it about?" {...text('subject')} />
      <div className="space-y-1.5">
        <TextArea label="Message" rows={7} maxLength={CONTACT_MESSAGE_MAX} placeholder="How can we help?" {...text('message')} />
        <p className={cn('text-right text-xs tabular-nums', values.message.length >= CONTACT_MESSAGE_MAX ? 'text-warning' : 'text-muted')} data-testid="message-counter">
          {formatCount(values.message.length)} / {formatCount(CONTACT_MESSAGE_MAX)}
        </p>
      </div>
      <CaptchaField captcha={captcha} answer={values.captcha_answer} onAnswer={change('captcha_answer')} error={errors.captcha_answer} disabled={send.isPending} />
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={cn(
            'flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium',
            outcome.ok ? 'border-success/40 bg-success/10 text-green-200' : 'border-danger/50 bg-danger/10 text-red-200',
          )}
        >
          {outcome.ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> : <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />}
          {outcome.message}
        </p>
      )}
      <Button type="submit" size="lg" busy={send.isPending} busyLabel="Sending..." disabled={!captcha.data} className="w-full sm:w-auto">
        <Send className="size-4" aria-hidden /> Send Message
      </Button>
    </form>
  );
}

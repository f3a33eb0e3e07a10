import { CAPTCHA_ANSWER_MAX } from '@common/contact';
import { RefreshCw } from 'lucide-react';
import { TextField } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/components/ui/cn';
import { useCaptcha } from '../api/contact';

/** The captcha picture (made on the server), a button for a new one, and the answer field (spec 1 §2, §5). */
export function CaptchaField({ captcha, answer, onAnswer, error, disabled }: {
  captcha: ReturnType<typeof useCaptcha>;
  answer: string;
  onAnswer(value: string): void;
  error?: string;
  disabled?: boolean;
}) {
  const refreshing = captcha.isFetching;
  return (
    <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-start">
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-ink-2" id="captcha-image-label">
          Captcha
        </span>
        <div className="flex items-center gap-2">
          <div className="flex h-[50px] w-[150px] items-center justify-center overflow-hidden rounded-lg border border-line bg-[#efe9ff]" aria-live="polite">
            {captcha.data && !captcha.isError ? (
              <img
                src={captcha.data.image}
                width={150}
                height={50}
                alt="Captcha: type the characters in this picture"
                aria-describedby="captcha-image-label"
                className={cn('block transition-opacity', refreshing && 'opacity-40')}
              />
            ) : captcha.isError ? (
              <span role="alert" className="px-2 text-center text-xs font-medium text-red-700">
                Could not load the image.
              </span>
            ) : (
              <Skeleton className="size-full rounded-none bg-[#d9cff5]" />
            )}
          </div>
          <button
            type="button"
            onClick={() => void captcha.refetch()}
            disabled={refreshing || disabled}
            aria-label="New captcha image"
            title="New captcha image"
            className="flex size-10 items-center justify-center rounded-lg border border-line bg-surface-2 text-ink-2 transition hover:border-line-strong hover:text-ink disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin motion-reduce:animate-none')} aria-hidden />
          </button>
        </div>
      </div>
      <TextField
        label="Captcha answer"
        name="captcha_answer"
        value={answer}
        onChange={(event) => onAnswer(event.target.value)}
        maxLength={CAPTCHA_ANSWER_MAX}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="Characters in the picture"
        error={error}
        hint="Not case-sensitive. Each picture works for one try."
      />
    </div>
  );
}

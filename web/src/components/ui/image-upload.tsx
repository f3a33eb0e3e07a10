import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { api, errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';

/**
 * The "Upload image" button of the admin forms: sends the chosen file with `upload` (the server checks
 * its content and re-encodes it) and hands the stored path to `onUploaded`.
 */
export function ImageUploadButton({
  upload,
  hasImage,
  error,
  onUploaded,
}: {
  upload: UseMutationResult<string, Error, File>;
  hasImage: boolean;
  error?: string;
  onUploaded(path: string): void;
}) {
  const toast = useToast();
  return (
    <>
      <label className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm font-medium text-ink-2 hover:border-line-strong has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent">
        <ImagePlus className="size-4" aria-hidden /> {upload.isPending ? 'Uploading...' : hasImage ? 'Replace image' : 'Upload image'}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file, { onSuccess: onUploaded, onError: (failure) => toast.error(errorMessage(failure, 'The image could not be uploaded.')) });
          }}
        />
      </label>
      {error && <p className="text-xs text-red-300">{error}</p>}
    </>
  );
}

/** The upload `ImageUploadButton` runs: one file as `image` to an admin images endpoint, answering the stored path. */
export const useImageUpload = (endpoint: string) =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ path: string }>(endpoint, form).then((body) => body.path);
    },
  });

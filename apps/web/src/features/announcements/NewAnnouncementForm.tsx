import { Box, Button, Card, CardContent, Chip, IconButton, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { limits, messages } from '@familyos/contracts/rules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { failureMessage } from '../../lib/api';
import { useOneSubmission, useSubmissionKey } from '../../lib/submission';
import { useToast } from '../../lib/toast';
import { uploadPhoto, usePostAnnouncement } from './api';
import { SAMPLE_ANNOUNCEMENTS } from './samples';

/**
 * SPEC §2: the new-announcement form: text (1..500, SPEC §5 messages), an optional photo uploaded first with
 * its progress shown, and three sample texts. The server checks the photo's bytes; this only previews it.
 */
export function NewAnnouncementForm() {
  const post = usePostAnnouncement();
  const upload = useSubmissionKey();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = post.isPending || progress !== null;

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  function choosePhoto(file: File | undefined) {
    if (!file) return;
    if (file.size > limits.photo.maxBytes) {
      toast({ title: 'Error', description: messages.photoTooLarge, variant: 'destructive' });
      return;
    }
    setPhoto(file);
  }

  function clearPhoto() {
    setPhoto(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const text = content.trim();
    if (!text) return setError(messages.announcementRequired);
    if (text.length > limits.announcement.max) return setError(messages.announcementTooLong);
    setError(null);

    let photoUrl: string | null = null;
    if (photo) {
      try {
        setProgress(0);
        const file = photo;
        photoUrl = (await upload.send(`${file.name}:${file.size}:${file.lastModified}`, (key) => uploadPhoto(file, key, setProgress))).photoUrl;
      } catch (err) {
        toast({ title: 'Error', description: failureMessage(err, 'Failed to upload photo. Please try again.'), variant: 'destructive' });
        return;
      } finally {
        setProgress(null);
      }
    }
    try {
      await post.mutateAsync({ content: text, photoUrl });
      toast({ title: 'Announcement Posted', description: 'Your family can see it now.' });
      setContent('');
      clearPhoto();
    } catch (err) {
      toast({ title: 'Error', description: failureMessage(err, 'Failed to post announcement. Please try again.'), variant: 'destructive' });
    }
  }

  const onSubmit = useOneSubmission(submit);
  const length = content.trim().length;
  return (
    <Card component="section" aria-labelledby="new-announcement-title">
      <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="new-announcement-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          New Announcement
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }} role="group" aria-label="Sample announcements">
          {SAMPLE_ANNOUNCEMENTS.map((s) => (
            <Chip key={s.label} label={s.label} variant="outlined" onClick={() => (setContent(s.text), setError(null))} disabled={busy} />
          ))}
        </Stack>
        <TextField
          label="What's happening?"
          placeholder="Share news, plans or a well done with the whole family"
          multiline
          minRows={3}
          fullWidth
          value={content}
          onChange={(e) => (setContent(e.target.value), setError(null))}
          error={Boolean(error)}
          helperText={error ?? `${length}/${limits.announcement.max}`}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: limits.announcement.max + 50 } }}
        />
        {preview && (
          <Box sx={{ position: 'relative', mt: 1.5, display: 'inline-block' }}>
            <Box component="img" src={preview} alt="Chosen photo" sx={{ maxHeight: 160, maxWidth: '100%', borderRadius: 2, display: 'block' }} />
            <IconButton
              size="small"
              aria-label="Remove photo"
              onClick={clearPhoto}
              disabled={busy}
              sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        )}
        {progress !== null && (
          <Box sx={{ mt: 1.5 }}>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Uploading photo" />
            <Typography variant="caption" color="text.secondary">
              Uploading photo… {Math.round(progress * 100)}%
            </Typography>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'center' }}>
          <Button component="label" variant="text" disabled={busy}>
            <Box component="span" aria-hidden sx={{ mr: 1 }}>
              📷
            </Box>
            {photo ? 'Change photo' : 'Add photo'}
            <input
              ref={fileInput}
              hidden
              type="file"
              accept={limits.photo.types.join(',')}
              onChange={(e) => choosePhoto(e.target.files?.[0])}
              data-testid="photo-input"
            />
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {post.isPending ? 'Posting...' : progress !== null ? 'Uploading...' : 'Post Announcement'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

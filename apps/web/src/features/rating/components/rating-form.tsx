import { RATING_COMMENT_MAX, RATING_SCORE_MAX, type RatingInput } from '@care/contract/rating';
import { Button, Group, Input, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface RatingFormProps {
  pending: boolean;
  onSubmit: (input: RatingInput) => void;
}

/** The score (1–5 stars, arrow keys move between them) and an optional comment; the score is required. */
export function RatingForm({ pending, onSubmit }: RatingFormProps) {
  const { t } = useTranslation('rating');
  const labelId = useId();
  const errorId = useId();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [missingScore, setMissingScore] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (score < 1) {
      setMissingScore(true);
      return;
    }
    onSubmit({ score, comment });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Input.Label id={labelId} required>
            {t('form.score')}
          </Input.Label>
          <div
            role="radiogroup"
            aria-labelledby={labelId}
            aria-required
            aria-invalid={missingScore || undefined}
            aria-describedby={missingScore ? errorId : undefined}
          >
            <Rating
              value={score}
              onChange={(value) => {
                setScore(value);
                setMissingScore(false);
              }}
              count={RATING_SCORE_MAX}
              size="xl"
              mt={4}
              name="score"
              getSymbolLabel={(value) => t('form.star', { count: value })}
            />
          </div>
          {missingScore ? (
            <Text id={errorId} size="xs" c="red" mt={4} role="alert">
              {t('form.score-required')}
            </Text>
          ) : null}
        </div>
        <Textarea
          label={t('form.comment')}
          description={t('form.comment-hint', { count: RATING_COMMENT_MAX })}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={RATING_COMMENT_MAX}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Group>
          <Button
            type="submit"
            loading={pending}
            leftSection={<IconStarFilled size={18} aria-hidden />}
            h={44}
          >
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A question's image with the teacher's alt text (its address checks the caller's right to it). */
import type { QuestionImage } from '@contract/testing';

export function QuestionPicture({ image }: { image: QuestionImage | null }) {
  if (!image) return null;
  return (
    <figure className="ts-figure">
      <img src={image.src} alt={image.alt} loading="lazy" data-testid="ts-question-image" />
    </figure>
  );
}

/**
 * A screen's picture, as the end-to-end tests last approved it (tests/screenshots/, served by the
 * build: scripts/build/manual-pictures.ts): the phone's on a phone, the desktop's otherwise.
 */
import { useTranslation } from 'react-i18next';
import { pictureUrl } from '../manual.pages';

/** The phone's layout (docs/product.md#shell): up to 899.92 px. */
const PHONE_MEDIA = '(max-width: 899.92px)';

export function ScreenPicture({ stem, alt }: { stem: string; alt: string }) {
  const { t } = useTranslation('manual');
  return (
    <figure className="man-figure" data-testid="manual-picture">
      <picture>
        <source media={PHONE_MEDIA} srcSet={pictureUrl(stem, 390)} width={390} height={844} />
        <img src={pictureUrl(stem, 1366)} alt={alt} width={1366} height={768} loading="lazy" decoding="async" />
      </picture>
      <figcaption className="man-caption">{t('page.pictureNote')}</figcaption>
    </figure>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WIZARD_STEPS, type WizardStep } from './status';

/**
 * Upload → Map columns → Preview and check → Import: where this file is. Each time `focusKey`
 * takes a new value the list takes the focus, so a keyboard or screen reader user whose button
 * has just been replaced by the next view starts again at the top of it, told which step it is.
 */
export function StepIndicator({
  current,
  complete = false,
  focusKey = null,
}: {
  current: WizardStep;
  complete?: boolean;
  focusKey?: string | null;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusKey) list.current?.focus();
  }, [focusKey]);
  const index = WIZARD_STEPS.indexOf(current);
  return (
    <ol
      ref={list}
      className="import-steps"
      tabIndex={-1}
      aria-label={t('imports.steps.label_current', {
        step: index + 1,
        total: WIZARD_STEPS.length,
        name: t(`imports.steps.${current}`),
      })}
      data-testid="import-steps"
    >
      {WIZARD_STEPS.map((step, position) => {
        const done = position < index || (complete && position === index);
        const state = done ? 'done' : position === index ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={`import-steps__step import-steps__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            {t(`imports.steps.${step}`)}
            {done && <span className="visually-hidden"> {t('imports.steps.done')}</span>}
          </li>
        );
      })}
    </ol>
  );
}

import { showToast } from '@/components/toasts/store';
import { i18n } from '@/lib/i18n';

/** Copies text to the clipboard and says so in a toast ("Copied"); a browser that refuses
 * (no permission, insecure origin) gets an error toast instead. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ type: 'success', title: i18n.t('common.copied') });
    return true;
  } catch {
    showToast({ type: 'error', title: i18n.t('common.copy_failed') });
    return false;
  }
}

import { LOADING_BAR } from '@/config/constants';
import { useLoadingBar } from './store';

export function LoadingBar() {
  const { percent, visible, failed } = useLoadingBar();
  return (
    <div
      className="loading-bar"
      data-testid="loading-bar"
      data-state={failed ? 'failed' : 'success'}
      style={{
        height: LOADING_BAR.heightPx,
        width: `${percent}%`,
        opacity: visible ? 1 : 0,
        backgroundColor: failed ? LOADING_BAR.failedColor : LOADING_BAR.successColor,
      }}
    />
  );
}

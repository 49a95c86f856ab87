import { useLocation } from 'wouter';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { SHARE_NETWORKS, type ShareNetwork, canonicalUrl, shareUrl } from '@/lib/share-links';
import { usePublicConfig } from '@/lib/use-public-config';

const networkNames: Record<ShareNetwork, string> = {
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};

/** Size of the share window; the networks' own share pages fit in it. */
const WINDOW_FEATURES = 'noopener,noreferrer,width=640,height=640';

type ShareButtonsProps = {
  /** What is shared, e.g. the article's title; WhatsApp and Telegram show it with the link. */
  title: string;
  /** Visible heading of the group, e.g. 'Share this article'. */
  label: string;
  className?: string;
};

/**
 * LinkedIn, WhatsApp and Telegram buttons that open the network's share page in a
 * new window with this page's address on the canonical public host.
 */
export function ShareButtons({ title, label, className }: ShareButtonsProps) {
  const { publicUrl } = usePublicConfig();
  // Re-render on navigation so the shared address is the current page's.
  useLocation();

  const share = (network: ShareNetwork) => {
    const url = canonicalUrl(window.location.href, publicUrl);
    window.open(shareUrl(network, url, title), '_blank', WINDOW_FEATURES);
  };

  return (
    <TooltipProvider>
      <div role="group" aria-label={label} className={cn('flex flex-wrap items-center gap-3', className)}>
        <span aria-hidden="true" className="w-full text-sm font-semibold text-navy-900 sm:w-auto">
          {label}
        </span>
        {SHARE_NETWORKS.map((network) => (
          <Tooltip key={network} content={`Opens ${networkNames[network]} in a new window`}>
            <button
              type="button"
              onClick={() => share(network)}
              aria-label={`Share on ${networkNames[network]}`}
              className="inline-flex min-h-11 items-center rounded-md border border-navy-900/20 bg-white px-4 text-sm font-semibold text-navy-900 hover:bg-navy-900 hover:text-white"
            >
              {networkNames[network]}
            </button>
          </Tooltip>
        ))}
      </div>
    </TooltipProvider>
  );
}

import { t } from '../t';

/**
 * An honest sketch of the real dashboard (weather, stock, tasks, sales), drawn inline so the
 * home page needs no image request. Text inside comes from the catalogue.
 */
export function DashboardPreview() {
  return (
    <svg
      viewBox="0 0 640 400"
      width="640"
      height="400"
      role="img"
      aria-label={t('home.preview.alt')}
      className="h-auto w-full"
    >
      <rect x="1" y="1" width="638" height="398" rx="16" fill="#fff" stroke="#d6d3d1" strokeWidth="2" />
      <rect x="1" y="1" width="120" height="398" rx="16" fill="#f0fdf4" />
      <rect x="20" y="24" width="24" height="24" rx="6" fill="#15803d" />
      <rect x="52" y="30" width="48" height="12" rx="6" fill="#166534" />
      {[80, 116, 152, 188, 224, 260].map((y, i) => (
        <rect
          key={y}
          x="20"
          y={y}
          width={i === 0 ? 84 : 70}
          height="14"
          rx="7"
          fill={i === 0 ? '#15803d' : '#bbf7d0'}
        />
      ))}
      <g fontFamily="system-ui, sans-serif" fontSize="14">
        <rect x="144" y="24" width="224" height="96" rx="12" fill="#eff6ff" />
        <circle cx="176" cy="60" r="16" fill="#facc15" />
        <path d="M170 78h34a12 12 0 0 0 0-24 16 16 0 0 0-30 4 10 10 0 0 0-4 20z" fill="#93c5fd" />
        <text x="216" y="64" fill="#1e3a8a" fontWeight="600">
          28°C
        </text>
        <text x="160" y="106" fill="#1e3a8a">
          {t('home.preview.weather')}
        </text>
        <rect x="384" y="24" width="232" height="96" rx="12" fill="#fffbeb" stroke="#fcd34d" />
        <text x="400" y="56" fill="#78350f" fontWeight="600">
          {t('home.preview.stock')}
        </text>
        <rect x="400" y="74" width="200" height="12" rx="6" fill="#fde68a" />
        <rect x="400" y="74" width="36" height="12" rx="6" fill="#b45309" />
        <rect x="144" y="136" width="472" height="72" rx="12" fill="#f5f5f4" />
        <circle cx="168" cy="172" r="9" fill="none" stroke="#15803d" strokeWidth="3" />
        <path d="M163 172l4 4 7-8" fill="none" stroke="#15803d" strokeWidth="3" />
        <text x="188" y="177" fill="#292524">
          {t('home.preview.tasks')}
        </text>
        <rect x="144" y="224" width="472" height="152" rx="12" fill="#fff" stroke="#e7e5e4" />
        <text x="160" y="252" fill="#292524" fontWeight="600">
          {t('home.preview.sales')}
        </text>
        {[60, 84, 72, 100, 92, 118, 110, 96].map((h, i) => (
          <rect
            key={i}
            x={172 + i * 54}
            y={360 - h}
            width="30"
            height={h}
            rx="4"
            fill={i === 5 ? '#15803d' : '#86efac'}
          />
        ))}
      </g>
    </svg>
  );
}

/** A field with rows of crops and the sun: decoration only, hidden from screen readers. */
export function FieldArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 120" width="320" height="120" aria-hidden="true" className={className}>
      <circle cx="270" cy="30" r="18" fill="#fcd34d" />
      <path d="M0 80c60-20 140-24 320-8v48H0z" fill="#86efac" />
      <path d="M0 96c80-16 180-16 320-4v28H0z" fill="#15803d" />
      {[30, 70, 110, 150, 190, 230].map((x) => (
        <g key={x} stroke="#166534" strokeWidth="3" strokeLinecap="round" fill="none">
          <path d={`M${x} 92v-22`} />
          <path
            d={`M${x} 78c-8-2-12-8-12-14 8 0 12 6 12 14zM${x} 74c8-2 12-8 12-14-8 0-12 6-12 14z`}
            fill="#22c55e"
          />
        </g>
      ))}
    </svg>
  );
}

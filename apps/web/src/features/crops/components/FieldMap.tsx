import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { TerraDraw, TerraDrawPolygonMode } from 'terra-draw';
import { TerraDrawLeafletAdapter } from 'terra-draw-leaflet-adapter';
import {
  ringAreaHa,
  SOIL_MAP_BANDS,
  SOIL_MAP_MEASURES,
  soilMapBand,
  type Field,
  type SoilMapBand,
  type SoilMapMeasure,
} from '@gona/shared/crops';
import { Button, optionsOf, SelectField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { apiFetch } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useUpdateField } from '../fields-api';

type Layer = 'street' | 'satellite';
type Ring = [number, number][];
/** The farm's own point (latitude, longitude), when the farm has one. */
export type FarmPoint = { lat: number; lng: number } | null;

/** Nigeria as a whole, for a farm with no point and no field drawn yet. */
const NIGERIA_CENTRE: L.LatLngTuple = [9.08, 8.68];
const OUTLINE = { color: '#15803d', weight: 3, fillOpacity: 0.2, className: 'field-outline' };
/** Colours of the soil bands on the map: trouble red or orange, good green, alkaline blue, unknown grey. */
const BAND_COLOURS: Record<SoilMapBand, string> = {
  very_acid: '#b91c1c',
  acid: '#ea580c',
  good: '#15803d',
  alkaline: '#1d4ed8',
  low: '#ea580c',
  enough: '#15803d',
  saline: '#b91c1c',
  not_saline: '#15803d',
  untested: '#78716c',
};

const LEAFLET_CREDIT = '<a href="https://leafletjs.com" target="_blank" rel="noopener">Leaflet</a>';

/** Leaflet shows attribution as HTML; the configured text is shown as text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The map server's credit (TILES_ATTRIBUTION), asked once per session; empty until known. */
function useTileAttribution(): string {
  const query = useQuery({
    queryKey: ['tiles', 'attribution'],
    queryFn: () => apiFetch<{ attribution: string }>('/api/tiles/attribution'),
    staleTime: Infinity,
  });
  return query.data?.attribution ?? '';
}

const toLatLng = ([lng, lat]: [number, number]): L.LatLngTuple => [lat, lng];

/**
 * A Leaflet map in `container` with Gona's tiles of the chosen layer and the farm's point; removed
 * with the screen. With nothing outlined to show, it centres on the farm (else on Nigeria).
 */
function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  layer: Layer,
  farmPoint: FarmPoint,
  hasOutlines: boolean,
) {
  const [map, setMap] = useState<L.Map | null>(null);
  const label = useTranslation('crops').t('map.farmPoint');
  const lat = farmPoint?.lat ?? null;
  const lng = farmPoint?.lng ?? null;

  const attribution = useTileAttribution();

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { center: NIGERIA_CENTRE, zoom: 6, maxZoom: 19 });
    created.attributionControl.setPrefix(LEAFLET_CREDIT);
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
  }, [container]);

  useEffect(() => {
    if (!map) return;
    const tiles = L.tileLayer(`/api/tiles/${layer}/{z}/{x}/{y}.png`, {
      maxZoom: 19,
      attribution: escapeHtml(attribution),
    }).addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, layer, attribution]);

  useEffect(() => {
    if (!map || lat === null || lng === null) return;
    const marker = L.circleMarker([lat, lng], { radius: 7, color: '#1c1917', fillOpacity: 0.9 })
      .bindTooltip(label)
      .addTo(map);
    if (!hasOutlines) map.setView([lat, lng], 15);
    return () => {
      marker.remove();
    };
  }, [map, lat, lng, label, hasOutlines]);

  return map;
}

function LayerSwitch({ layer, onChange }: { layer: Layer; onChange: (layer: Layer) => void }) {
  const { t } = useTranslation('crops');
  return (
    <div role="group" aria-label={t('map.layer')} className="flex gap-1">
      {(['street', 'satellite'] as const).map((value) => (
        <Button
          key={value}
          variant={layer === value ? 'primary' : 'secondary'}
          aria-pressed={layer === value}
          onClick={() => onChange(value)}
        >
          {t(`map.layers.${value}`)}
        </Button>
      ))}
    </div>
  );
}

function MapFrame({
  title,
  layer,
  onLayer,
  container,
  children,
}: {
  title: string;
  layer: Layer;
  onLayer: (layer: Layer) => void;
  container: RefObject<HTMLDivElement | null>;
  children?: React.ReactNode;
}) {
  return (
    <section aria-labelledby="field-map" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="field-map" className="text-lg font-semibold text-stone-900">
          {title}
        </h2>
        <LayerSwitch layer={layer} onChange={onLayer} />
      </div>
      <div
        ref={container}
        data-testid="field-map"
        className="h-72 w-full overflow-hidden rounded-xl border border-stone-200 sm:h-96"
      />
      {children}
    </section>
  );
}

/**
 * A field on the map (tiles through Gona, kept on the phone once viewed): its outline, and for the
 * owner and managers a way to draw it by tapping its corners; the area is measured as it is drawn
 * and saved with the outline. Loaded only on the field's page.
 */
export default function FieldMap({
  farmId,
  field,
  canEdit,
  farmPoint,
}: {
  farmId: string;
  field: Field;
  canEdit: boolean;
  farmPoint: FarmPoint;
}) {
  const { t } = useTranslation('crops');
  const errorText = useErrorText();
  const update = useUpdateField(farmId, field.id);
  const container = useRef<HTMLDivElement>(null);
  const [layer, setLayer] = useState<Layer>('street');
  const map = useLeafletMap(container, layer, farmPoint, field.boundary !== null);
  const draw = useRef<TerraDraw | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [drawn, setDrawn] = useState<Ring | null>(null);

  useEffect(() => {
    if (!map || !field.boundary || drawing) return;
    const outline = L.polygon(field.boundary.map(toLatLng), OUTLINE).addTo(map);
    map.fitBounds(outline.getBounds(), { maxZoom: 18, padding: [16, 16] });
    return () => {
      outline.remove();
    };
  }, [map, field.boundary, drawing]);

  useEffect(() => () => draw.current?.stop(), []);

  function startDrawing() {
    if (!map) return;
    const terra = new TerraDraw({
      adapter: new TerraDrawLeafletAdapter({ lib: L, map }),
      modes: [new TerraDrawPolygonMode()],
    });
    terra.start();
    terra.setMode('polygon');
    terra.on('finish', (id) => {
      const feature = terra.getSnapshotFeature(id);
      if (feature?.geometry.type !== 'Polygon') return;
      setDrawn((feature.geometry.coordinates[0] as Ring).slice(0, -1));
    });
    draw.current = terra;
    setDrawn(null);
    setDrawing(true);
  }

  function stopDrawing() {
    draw.current?.stop();
    draw.current = null;
    setDrawing(false);
    setDrawn(null);
  }

  async function save() {
    if (!drawn) return;
    try {
      await update.mutateAsync({ boundary: drawn, version: field.version });
      toast.success(t('map.saved', { name: field.name }));
      stopDrawing();
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <MapFrame title={t('map.title')} layer={layer} onLayer={setLayer} container={container}>
      {drawing ? (
        <div className="flex flex-col gap-2 rounded-xl bg-green-50 p-3 text-green-950" aria-live="polite">
          <p>{drawn ? t('map.area', { area: ringAreaHa(drawn).toFixed(2) }) : t('map.howTo')}</p>
          <div className="flex flex-wrap gap-2">
            <Button disabled={!drawn} loading={update.isPending} onClick={() => void save()}>
              {t('map.save')}
            </Button>
            <Button variant="secondary" onClick={stopDrawing}>
              {t('map.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        canEdit && (
          <Button variant="secondary" className="self-start" onClick={startDrawing}>
            {field.boundary ? t('map.redraw') : t('map.draw')}
          </Button>
        )
      )}
    </MapFrame>
  );
}

/**
 * All the farm's drawn fields on one map, coloured by their latest soil pH or another measure the
 * farmer chooses, with a legend; tapping a field opens it. Fields without an outline are listed under the map so none is silently missing.
 */
export function FieldsMap({
  fields,
  farmPoint,
  fieldPath,
}: {
  fields: readonly Field[];
  farmPoint: FarmPoint;
  fieldPath: (fieldId: string) => string;
}) {
  const { t } = useTranslation('crops');
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [layer, setLayer] = useState<Layer>('street');
  const [measure, setMeasure] = useState<SoilMapMeasure>('ph');
  const drawn = useMemo(() => fields.filter((field) => field.boundary), [fields]);
  const undrawn = fields.length - drawn.length;
  const map = useLeafletMap(container, layer, farmPoint, drawn.length > 0);

  useEffect(() => {
    if (!map || drawn.length === 0) return;
    const group = L.featureGroup(
      drawn.map((field) => {
        const colour = BAND_COLOURS[soilMapBand(measure, field)];
        return L.polygon(field.boundary!.map(toLatLng), {
          color: colour,
          weight: 3,
          fillOpacity: 0.35,
          className: 'field-outline',
        })
          .bindTooltip(field.name)
          .on('click', () => void navigate(fieldPath(field.id)));
      }),
    ).addTo(map);
    map.fitBounds(group.getBounds(), { maxZoom: 18, padding: [16, 16] });
    return () => {
      group.remove();
    };
  }, [map, drawn, measure, navigate, fieldPath]);

  return (
    <MapFrame title={t('map.fieldsTitle')} layer={layer} onLayer={setLayer} container={container}>
      <div className="sm:max-w-xs">
        <SelectField
          label={t('map.colourBy')}
          value={measure}
          onChange={(event) => setMeasure(event.target.value as SoilMapMeasure)}
          options={optionsOf(SOIL_MAP_MEASURES, (value) => t(`map.measures.${value}`))}
        />
      </div>
      <ul
        aria-label={t(`map.legends.${measure}`)}
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-800"
      >
        {SOIL_MAP_BANDS[measure].map((band) => (
          <li key={band} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3 shrink-0 rounded-sm"
              style={{ backgroundColor: BAND_COLOURS[band] }}
            />
            {t(`map.bands.${measure}.${band}`)}
          </li>
        ))}
      </ul>
      {undrawn > 0 && <p className="text-sm text-stone-700">{t('map.undrawn', { count: undrawn })}</p>}
    </MapFrame>
  );
}

import { expect, test } from './support/fixtures';

// A phone with a touch screen: the outline is drawn with taps, as a farmer would.
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('on a touch phone, a farmer draws a field by tapping its corners, and the fields map colours it by its soil', async ({
  farmer: { page, farm },
  baseURL,
}) => {
  // The farm's own point, so the map opens over it (Kaduna).
  const current = await page.request.get(`/api/farms/${farm.id}`);
  const { version } = (await current.json()) as { version: number };
  const moved = await page.request.patch(`/api/farms/${farm.id}`, {
    headers: { origin: baseURL! },
    data: { latitude: 10.5105, longitude: 7.4165, version },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto('/dashboard/crops/fields');
  await page.getByRole('button', { name: 'Add a field' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add a field' });
  await form.getByLabel('Field', { exact: true }).fill('Upper plot');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Upper plot is added.')).toBeVisible();
  await page.getByRole('link', { name: 'Upper plot' }).click();

  const map = page.getByTestId('field-map');
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await page.getByRole('button', { name: 'Draw the field on the map' }).click();
  await expect(page.getByText('Zoom in to the field, then tap each corner in turn')).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const corners: [number, number][] = [
    [box.x + 80, box.y + 60],
    [box.x + 260, box.y + 60],
    [box.x + 260, box.y + 200],
    [box.x + 80, box.y + 200],
    [box.x + 80, box.y + 60],
  ];
  for (const [x, y] of corners) await page.touchscreen.tap(x, y);
  const area = page.getByText(/^About [\d.]+ ha$/);
  await expect(area).toBeVisible();
  const drawnHa = Number((await area.textContent())!.match(/[\d.]+/)![0]);
  expect(drawnHa).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Save the outline' }).click();
  await expect(page.getByText('The outline of Upper plot is saved.')).toBeVisible();
  await expect(map.locator('path.field-outline')).toHaveCount(1);
  // The saved field carries the outline and the area measured from it.
  const fieldId = page.url().split('/').pop()!;
  const saved = (await (await page.request.get(`/api/farms/${farm.id}/fields/${fieldId}`)).json()) as {
    boundary: [number, number][];
    area_ha: string;
    area_source: string;
  };
  expect(saved.boundary).toHaveLength(4);
  expect(saved.area_source).toBe('drawn');
  expect(Math.abs(Number(saved.area_ha) - drawnHa)).toBeLessThan(0.01);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An acid soil test turns the field orange on the map of all fields.
  await page.getByRole('button', { name: 'Add a soil test' }).click();
  const soil = page.getByRole('dialog');
  await soil.getByLabel('pH', { exact: true }).fill('5.2');
  await soil.getByLabel('Organic carbon (%)').fill('1.4');
  await soil.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Acid soil: lime would help most crops.').first()).toBeVisible();
  await page.goto('/dashboard/crops/fields');
  await expect(page.getByRole('list', { name: 'Colours by the latest soil pH' })).toBeVisible();
  const outline = page.getByTestId('field-map').locator('path.field-outline');
  await expect(outline).toHaveCount(1);
  await expect(outline).toHaveAttribute('stroke', '#ea580c');
  // Coloured by another measure: enough organic carbon is green, potassium never measured is grey.
  await page.getByLabel('Colour the fields by').selectOption({ label: 'Organic carbon' });
  await expect(page.getByRole('list', { name: 'Colours by the latest organic carbon' })).toBeVisible();
  await expect(outline).toHaveAttribute('stroke', '#15803d');
  await page.getByLabel('Colour the fields by').selectOption({ label: 'Potassium' });
  await expect(outline).toHaveAttribute('stroke', '#78716c');
  // Tapping the field on the map opens it.
  const shape = (await outline.boundingBox())!;
  await page.touchscreen.tap(shape.x + shape.width / 2, shape.y + shape.height / 2);
  await expect(page).toHaveURL(new RegExp(`/dashboard/crops/fields/${fieldId}$`));
});

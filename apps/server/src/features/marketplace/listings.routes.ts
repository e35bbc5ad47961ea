import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FileQuerySchema } from '@gona/shared/files';
import {
  BrowseListingsQuerySchema,
  CreateListingInputSchema,
  FarmListingPageSchema,
  FarmListingQuerySchema,
  FarmListingSchema,
  ListingActionInputSchema,
  ListingBrowsePageSchema,
  ListingSourcesSchema,
  PublicListingSchema,
  SellerPageSchema,
  UpdateListingInputSchema,
} from '@gona/shared/marketplace';
import { requireFarm, requireSession } from '../../lib/auth-guard';
import { fileResponse } from '../../lib/file-http';
import { ctxOf, farmCtxOf, type AppEnv } from '../../lib/http-context';
import {
  ErrorResponses,
  createRouter,
  farmParams,
  farmParamsWith,
  jsonBody,
  jsonContent,
} from '../../lib/openapi';
import { browseListings, getPublicListing, openListingPhoto, sellerPage } from './browse-listings.service';
import {
  LISTING_ACTIONS,
  changeListingStatus,
  createListing,
  getFarmListing,
  listFarmListings,
  listingSources,
  updateListing,
} from './seller-listings.service';

const ListingParams = farmParamsWith('listingId');
const PublicListingParams = z.object({ listingId: z.uuid() });
const PhotoParams = z.object({ listingId: z.uuid(), fileId: z.uuid() });
const SellerParams = z.object({ farmId: z.uuid() });

const FILE_CACHE_SECONDS = 24 * 60 * 60;

const ACTION_SUMMARY = {
  publish: 'Publish a draft (needs a photo and the farm’s state); buyers find it at once',
  pause: 'Hide a listing from buyers for a while',
  resume: 'Put a paused listing on sale again',
  close: 'Close a listing for good',
} as const;

/**
 * Farm listings under /api/farms/{farmId}/listings: owners and managers write them
 * (`marketplace.sell`), viewers read them (`marketplace.read`), workers do not see them.
 */
const farmListingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/listings',
      tags: ['Marketplace'],
      summary: 'The farm’s listings, newest first; ?status=',
      middleware: [requireFarm('marketplace.read')] as const,
      request: { params: farmParams, query: FarmListingQuerySchema },
      responses: { 200: jsonContent(FarmListingPageSchema, 'A page of listings'), ...ErrorResponses },
    }),
    async (c) => c.json(await listFarmListings(farmCtxOf(c), c.req.valid('query'), appNow(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/farms/{farmId}/listings',
      tags: ['Marketplace'],
      summary: 'Start a listing (a draft)',
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: farmParams, ...jsonBody(CreateListingInputSchema) },
      responses: { 201: jsonContent(FarmListingSchema, 'The new draft'), ...ErrorResponses },
    }),
    async (c) => c.json(await createListing(farmCtxOf(c), c.req.valid('json'), appNow(c)), 201),
  )
  // Before /listings/{listingId}, which would otherwise take "sources" as an id.
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/listings/sources',
      tags: ['Marketplace'],
      summary: 'What the listing form offers: crops, stored harvest, groups, and the farm’s location',
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: farmParams },
      responses: { 200: jsonContent(ListingSourcesSchema, 'The choices'), ...ErrorResponses },
    }),
    async (c) => c.json(await listingSources(farmCtxOf(c), appNow(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/farms/{farmId}/listings/{listingId}',
      tags: ['Marketplace'],
      summary: 'One of the farm’s listings, with its photos and version',
      middleware: [requireFarm('marketplace.read')] as const,
      request: { params: ListingParams },
      responses: { 200: jsonContent(FarmListingSchema, 'The listing'), ...ErrorResponses },
    }),
    async (c) => c.json(await getFarmListing(farmCtxOf(c), c.req.valid('param').listingId, appNow(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/farms/{farmId}/listings/{listingId}',
      tags: ['Marketplace'],
      summary: 'Change a listing (send the version you edited; a stale one gets 409)',
      middleware: [requireFarm('marketplace.sell')] as const,
      request: { params: ListingParams, ...jsonBody(UpdateListingInputSchema) },
      responses: { 200: jsonContent(FarmListingSchema, 'The changed listing'), ...ErrorResponses },
    }),
    async (c) =>
      c.json(
        await updateListing(farmCtxOf(c), c.req.valid('param').listingId, c.req.valid('json'), appNow(c)),
        200,
      ),
  );

const withActions = LISTING_ACTIONS.reduce(
  (router, action) =>
    router.openapi(
      createRoute({
        method: 'post',
        path: `/farms/{farmId}/listings/{listingId}/${action}`,
        tags: ['Marketplace'],
        summary: ACTION_SUMMARY[action],
        middleware: [requireFarm('marketplace.sell')] as const,
        request: { params: ListingParams, ...jsonBody(ListingActionInputSchema) },
        responses: { 200: jsonContent(FarmListingSchema, 'The listing'), ...ErrorResponses },
      }),
      async (c) =>
        c.json(
          await changeListingStatus(
            farmCtxOf(c),
            c.req.valid('param').listingId,
            { action, version: c.req.valid('json').version },
            appNow(c),
          ),
          200,
        ),
    ),
  farmListingRoutes,
);

/** What buyers use, not under a farm: any signed-in person, with or without a farm of their own. */
export const listingsRoutes = withActions
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/listings',
      tags: ['Marketplace'],
      summary:
        'Browse listings on sale (and sold out): ?q= words, category, product_key, state, min_price, max_price (kobo), sort=newest|price_asc|price_desc|nearest (from near_farm), seller',
      middleware: [requireSession] as const,
      request: { query: BrowseListingsQuerySchema },
      responses: { 200: jsonContent(ListingBrowsePageSchema, 'A page of listings'), ...ErrorResponses },
    }),
    async (c) => c.json(await browseListings(ctxOf(c), c.req.valid('query'), appNow(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/listings/{listingId}',
      tags: ['Marketplace'],
      summary: 'A listing on sale, paused or sold out (a draft or closed one only for its farm)',
      middleware: [requireSession] as const,
      request: { params: PublicListingParams },
      responses: { 200: jsonContent(PublicListingSchema, 'The listing'), ...ErrorResponses },
    }),
    async (c) => c.json(await getPublicListing(ctxOf(c), c.req.valid('param').listingId, appNow(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/listings/{listingId}/photos/{fileId}',
      tags: ['Marketplace'],
      summary: 'A photo of a listing on sale (?size=thumb for its thumbnail)',
      middleware: [requireSession] as const,
      request: { params: PhotoParams, query: FileQuerySchema },
      responses: {
        200: { description: 'The photo’s bytes (image/webp)' },
        304: { description: 'Not modified: the copy the caller has is current' },
        ...ErrorResponses,
      },
    }),
    async (c) => {
      const { listingId, fileId } = c.req.valid('param');
      const file = await openListingPhoto(
        ctxOf(c),
        listingId,
        { fileId, ...c.req.valid('query'), ifNoneMatch: c.req.header('if-none-match') },
        { storage: c.var.deps.storage, now: appNow(c) },
      );
      // Only this person's browser keeps it: a listing closed later stops showing it to others.
      return fileResponse(file, `private, max-age=${FILE_CACHE_SECONDS}`);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/marketplace/sellers/{farmId}',
      tags: ['Marketplace'],
      summary: 'A seller: the farm’s name, state and LGA, and its listings on sale',
      middleware: [requireSession] as const,
      request: { params: SellerParams },
      responses: { 200: jsonContent(SellerPageSchema, 'The seller'), ...ErrorResponses },
    }),
    async (c) => c.json(await sellerPage(ctxOf(c), c.req.valid('param').farmId, appNow(c)), 200),
  );

/** The app's clock (deps.now), which withdrawal periods are read against: tests move it. */
function appNow(c: Context<AppEnv>): Date {
  return new Date(c.var.deps.now());
}

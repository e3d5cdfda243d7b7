import { randomUUID } from 'node:crypto';
import { DEFAULT_STRATEGY_SLUG } from '@wanxiang/api-client/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Logger, pino } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { prioritiseRequests } from './db/priority';
import { authOf, createRequireAuth } from './http/auth';
import { registerCompression } from './http/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security';
import { isApiPath, registerSpa } from './http/spa';
import { validatorCompiler } from './http/validation';
import { messages } from './i18n/zh-CN';
import { loggerOptions, quieter } from './logger';
import { scheduleMaintenance } from './maintenance';
import { CodeSealer } from './modules/account/codes';
import { creditRoutes } from './modules/account/routes';
import { modelCatalogRoutes } from './modules/admin/modelRoutes';
import { adminRoutes } from './modules/admin/routes';
import { assistantRoutes } from './modules/assistant/routes';
import { AssistantService } from './modules/assistant/service';
import { Avatars } from './modules/auth/avatar';
import { avatarRoutes } from './modules/auth/avatarRoutes';
import { PasswordResets } from './modules/auth/passwordReset';
import { PasswordHasher } from './modules/auth/passwords';
import { registrationDefaults } from './modules/auth/policy';
import { resetRoutes } from './modules/auth/resetRoutes';
import { authRoutes } from './modules/auth/routes';
import { AccountSecurity } from './modules/auth/security';
import { securityRoutes } from './modules/auth/securityRoutes';
import { AuthService } from './modules/auth/service';
import { LoginThrottle } from './modules/auth/throttle';
import { TokenService } from './modules/auth/tokens';
import { grantMonthlyCredits } from './modules/billing/monthlyGrant';
import { AttachmentReader } from './modules/chat/attachments/reader';
import { chatRoutes } from './modules/chat/routes';
import { ChatService } from './modules/chat/service';
import { docsRoutes } from './modules/docs/routes';
import { DocumentService } from './modules/docs/service';
import { exportsRoutes } from './modules/exports/routes';
import {
  createFileStore,
  type FileStore,
  STAGING_IDLE_MS,
  stagingRoot,
  sweepStaging,
} from './modules/files/store';
import { healthRoutes } from './modules/health/routes';
import { sweepCounters } from './modules/limits/counters';
import { createAddressLimit } from './modules/limits/requests';
import { StreamSlots } from './modules/limits/streams';
import { ladderRoutes } from './modules/market/ladderRoutes';
import { createMarketProvider } from './modules/market/providers';
import { marketRoutes } from './modules/market/routes';
import { MarketService } from './modules/market/service';
import { stockRoutes } from './modules/market/stockRoutes';
import { StockService } from './modules/market/stocks';
import { ModelCatalog, providerKeySealer } from './modules/models/catalog';
import { modelRoutes } from './modules/models/routes';
import { storageRoutes } from './modules/storage/routes';
import { strategyRoutes } from './modules/strategy/routes';
import { StrategyService } from './modules/strategy/service';
import { SubscriptionService } from './modules/strategy/subscriptions';
import { modelSummarizer } from './modules/strategy/summary';
import { EditorPreferencesService } from './modules/users/preferences';
import { preferencesRoutes } from './modules/users/preferencesRoutes';

export interface AppDeps {
  /** Opened, migrated and seeded by the caller (main.ts or a test), and closed by it after the app. */
  database: Database;
  /** The process logger; without one the app makes its own from the config. */
  logger?: Logger;
  /** Where the chat's files are kept; by default the store the config names. */
  files?: FileStore;
  /** The clock of the market, the strategy runs and the subscriptions; tests pin it. */
  now?: () => Date;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A hop count becomes proxy-addr's function form, which is what fastify's types accept. */
function trustProxy(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** The whole HTTP application, not yet listening. Tests call this with their own config and database. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger is what fastify creates anyway; the cast only picks fastify's narrower logger type.
    loggerInstance: (deps.logger ?? pino(loggerOptions(config))) as FastifyBaseLogger,
    bodyLimit: config.bodyLimit,
    // Node's limits on one connection. requestTimeout bounds receiving a request (headers and body: a
    // slow-loris sender is cut), not sending the answer, so a long answer stream is never cut by it; the
    // idle timeout only fires on a silent socket, and a stream sends a heartbeat every 15 s; keep-alive
    // outlives the usual 60 s of a load balancer's idle timeout so that it, not we, closes first.
    requestTimeout: config.http.requestTimeout * 1000,
    connectionTimeout: config.http.idleTimeout * 1000,
    keepAliveTimeout: config.http.keepAliveTimeout * 1000,
    trustProxy: trustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: false,
    frameworkErrors,
    clientErrorHandler,
    // A caller's request id is kept when it is harmless, so logs can be joined across a proxy.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks: every statement a request runs waits for the database by the request's age.
  prioritiseRequests(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandler(app);

  await registerSecurityHeaders(app);
  // Before any route: it attaches itself to each route as the route is added.
  await registerCompression(app);
  await registerOpenApi(app, config.version);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Node's server.close() only drops connections idle at that moment; a keep-alive connection whose request
  // is still running would hold the shutdown until its idle timeout. Answers sent while closing end theirs.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers carry tokens and personal data: no cache may keep them.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  const { db } = deps.database;
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtl);
  const passwords = new PasswordHasher(config.passwordHash);
  const throttle = new LoginThrottle(db, config.loginThrottle);
  const auth = new AuthService({ db, config, tokens, passwords, throttle, logger: app.log });
  const requireAuth = createRequireAuth(auth, config.userRateLimit);
  const streamSlots = new StreamSlots(
    db,
    { max: config.chat.maxConcurrentStreams, lease: config.chat.streamSlotLease },
    app.log as unknown as Logger,
  );
  scheduleMaintenance(app, { name: 'sweep rate counters', run: () => sweepCounters(db) });
  scheduleMaintenance(app, { name: 'sweep stream slots', run: () => streamSlots.sweep() });
  // The plans' monthly credits: due on a day, granted within minutes of it, once per user however many
  // instances run this.
  scheduleMaintenance(app, {
    name: 'grant monthly credits',
    run: () => grantMonthlyCredits(db),
    intervalMs: 5 * 60_000,
  });
  scheduleMaintenance(app, {
    name: 'renew stream slots',
    run: () => streamSlots.renew(),
    intervalMs: streamSlots.renewIntervalMs,
  });
  // The models users choose from: the database's catalog, seeded from the models file when it has none.
  const modelKeys = providerKeySealer(config.jwtSecret);
  const catalog = new ModelCatalog(db, {
    seed: config.chat.models,
    seededFrom: config.chat.modelsSource,
    sealer: modelKeys,
    readEnv: config.chat.readEnv,
    registry: { offlineChunkDelayMs: config.chat.offlineChunkDelayMs },
    logger: app.log as unknown as Logger,
  });
  await catalog.current();
  const files = deps.files ?? (await createFileStore(config));
  const stagingDir = await stagingRoot(config.dataDir);
  scheduleMaintenance(app, {
    name: 'sweep dead uploads',
    run: () => sweepStaging(stagingDir),
    atStart: true,
    intervalMs: STAGING_IDLE_MS,
  });
  const reader = new AttachmentReader(config.files.reading);
  app.addHook('onClose', async () => reader.close());
  const chat = new ChatService(
    db,
    catalog,
    config.chat,
    app.log as unknown as Logger,
    files,
    stagingDir,
    reader,
  );
  const assistant = new AssistantService(db, catalog, config.chat, app.log as unknown as Logger, reader);
  const market = new MarketService(db, createMarketProvider(config.market, app.log as unknown as Logger), {
    backfillDays: config.market.backfillDays,
    logger: app.log as unknown as Logger,
    ...(deps.now ? { now: deps.now } : {}),
  });

  const strategy = new StrategyService(db, market, {
    logger: app.log as unknown as Logger,
    summarize: modelSummarizer(catalog, config.strategy.summaryModel, app.log as unknown as Logger),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const subscriptions = new SubscriptionService(db, deps.now ? { now: deps.now } : {});

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        database: deps.database,
        version: config.version,
        logLevel: quieter(config.logLevel, 'warn'),
      });
      await api.register(authRoutes, {
        auth,
        db,
        requireAuth,
        limitAddress: createAddressLimit(db, config.rateLimit),
        passwordReset: Boolean(config.mail),
      });
      await api.register(resetRoutes, {
        resets: config.mail ? new PasswordResets(db, passwords, config.mail, app.log) : null,
        limitAddress: createAddressLimit(db, config.rateLimit),
      });
      await api.register(avatarRoutes, { avatars: new Avatars(db, files, stagingDir), requireAuth });
      await api.register(securityRoutes, {
        security: new AccountSecurity(db, passwords, files),
        requireAuth,
      });
      await api.register(preferencesRoutes, {
        preferences: new EditorPreferencesService(db, catalog),
        requireAuth,
      });
      await api.register(modelRoutes, { catalog, db, requireAuth, search: config.chat.search });
      await api.register(chatRoutes, { db, chat, requireAuth, streamSlots, files, stagingDir });
      await api.register(assistantRoutes, { db, assistant, requireAuth, streamSlots, stagingDir });
      await api.register(docsRoutes, {
        docs: new DocumentService(db, deps.now ? { now: deps.now } : {}),
        requireAuth,
      });
      await api.register(exportsRoutes, { db, requireAuth, ...(deps.now ? { now: deps.now } : {}) });
      await api.register(storageRoutes, { db, requireAuth });
      await api.register(creditRoutes, { db, requireAuth, sealer: new CodeSealer(config.jwtSecret) });
      await api.register(adminRoutes, {
        db,
        requireAuth,
        registration: registrationDefaults(config),
      });
      await api.register(modelCatalogRoutes, { db, requireAuth, sealer: modelKeys });
      await api.register(marketRoutes, {
        market,
        requireAuth,
        // The minute emotion is a benefit of the strategy subscription.
        requireSubscriber: (request) =>
          subscriptions.requireActive(
            authOf(request).userId,
            DEFAULT_STRATEGY_SLUG,
            messages.strategy.minuteEmotion,
          ),
      });
      await api.register(ladderRoutes, { market, requireAuth, ...(deps.now ? { now: deps.now } : {}) });
      await api.register(stockRoutes, {
        market,
        stocks: new StockService(db, market, deps.now),
        requireAuth,
        // Today's picks are a subscriber's: a stock's page and pick history leave them out for the others.
        seesToday: async (request) =>
          Boolean(await subscriptions.activeUntil(authOf(request).userId, DEFAULT_STRATEGY_SLUG)),
      });
      await api.register(strategyRoutes, {
        strategy,
        subscriptions,
        requireAuth,
        schedule: config.strategy.scheduler,
        tickMs: config.strategy.tickMs,
      });
      api.get('/schema/', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDistDir);

  return app;
}

import type { INestApplication } from '@nestjs/common';
import express from 'express';
import { toHttpError } from '@mnemo/http-edge';

/**
 * Body limits and the JSON answer for errors raised before a route runs (malformed JSON, a body over
 * the limit): Nest's filters never see those, so an Express error handler maps them the same way.
 */
export function configureHttp(app: INestApplication, maxBodyBytes: number): void {
  app.use(express.json({ limit: maxBodyBytes, type: ['application/json', 'application/*+json'] }));
  app.getHttpAdapter().getInstance().disable('x-powered-by');
}

export function installFallbackErrorHandler(app: INestApplication): void {
  app.use((error: unknown, _req: unknown, res: { status(code: number): { json(body: unknown): void } }, next: (e?: unknown) => void) => {
    if (!error) return next();
    const { status, body } = toHttpError(error);
    res.status(status).json(body);
  });
}

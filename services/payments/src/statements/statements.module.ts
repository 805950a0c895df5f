import { Module } from '@nestjs/common';
import { ConnectedAccountCheck } from '../checkout/account-check.js';
import { MarketplacesModule } from '../marketplaces/marketplaces.module.js';
import { StatementsHandler, StatementsReader } from './statements.handler.js';

/** Seller, provider and marketplace statements (ADR 0045, 0047, 0051): paid orders with the split, refunds, disputes and monthly totals. */
@Module({ imports: [MarketplacesModule], controllers: [StatementsHandler], providers: [StatementsReader, ConnectedAccountCheck] })
export class StatementsModule {}

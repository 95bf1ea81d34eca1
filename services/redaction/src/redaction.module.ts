import { Module } from '@nestjs/common';
import { RawEventReactor } from './reactors/raw-event.reactor';

@Module({ controllers: [RawEventReactor] })
export class RedactionModule {}

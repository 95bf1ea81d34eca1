import { Module } from '@nestjs/common';
import { DriftController } from './api/drift.controller';

/** The code API, mounted on the gateway: drift of a file's structure since a time. */
@Module({ controllers: [DriftController] })
export class CodeApiModule {}

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@mnemo/contracts';
import { OnEvent } from '@mnemo/eventing';
import { ProfileSynthesisService } from './profile-synthesis.service';

/**
 * "Refresh Profile" (docs/profile.md): the block is cleared (by the projection) and the synthesis
 * runs now.
 */
@Controller()
export class ProfileRefreshRequestedReactor {
  constructor(private readonly synthesis: ProfileSynthesisService) {}

  @OnEvent('ProfileRefreshRequested')
  async onRefresh(@Payload() raw: unknown): Promise<void> {
    const event = raw as EventEnvelope;
    await this.synthesis.regenerate(event.accountId, event);
  }
}

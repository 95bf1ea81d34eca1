import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { CreateAccountRequest, ValidationError, zodIssues } from '@mnemo/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { AdminKeyGuard } from '../auth/auth.guards';

@Controller('v1/admin/accounts')
@UseGuards(AdminKeyGuard)
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  /** Creates an account; its API key is in this answer and nowhere else, ever. */
  @Post()
  async create(@Body() body: unknown): Promise<{ accountId: string; apiKey: string }> {
    const parsed = CreateAccountRequest.safeParse(body);
    if (!parsed.success) throw new ValidationError('bad account', zodIssues(parsed.error));
    return this.accounts.create(parsed.data.name);
  }
}

import type { FastifyInstance } from 'fastify';
import { compileProgramBody, noData, type CompileProgramBody } from '@oj/contracts';
import { findOfferedLanguage, hojReply, success, type LocalizedText, type ZodRequests } from '@oj/platform';
import { CommandRejected } from '../handling/command-rejected';
import type { CompileCheckerClient } from './compile-checker/compile-checker-client';
import { problemMessages } from './problems.rejections';

export const compileCheckerMessages = {
  noJudge: {
    'zh-CN': '没有可用的判题服务器，请重新尝试！',
    'en-US': 'No judge server is available, please try again!',
  },
  /** The judge's own words: the compiler output. */
  failed: { 'zh-CN': '{message}', 'en-US': '{message}' },
} as const satisfies Record<string, LocalizedText>;

const backOffice = {
  config: { access: 'login' as const, roles: ['root' as const, 'admin' as const, 'problem_admin' as const] },
  ...hojReply(noData, { body: compileProgramBody }),
};

/**
 * POST /api/admin/problem/compile-spj and /compile-interactive (admin §5.7): a judge process compiles the
 * source exactly as judging will (site-wide checker includes and the given extra files next to it) and its
 * verdict is the reply. Without a compiler (no NATS configured) only the parameters and language are checked.
 */
export function compileCheckerRoutes(server: FastifyInstance, compiler: CompileCheckerClient | undefined): void {
  const app = server.withTypeProvider<ZodRequests>();
  const compile = async (role: 'checker' | 'interactor', body: CompileProgramBody) => {
    if (!body.code?.trim() || !body.language?.trim())
      throw new CommandRejected(400, problemMessages.compileParametersEmpty);
    if (!findOfferedLanguage(body.language)?.isSpj)
      throw new CommandRejected(400, problemMessages.judgeProgramLanguage);
    if (!compiler) return success(null, 'success');
    const outcome = await compiler.compile({
      role,
      language: body.language,
      code: body.code,
      extraFiles: body.extraFiles,
    });
    if (outcome.ok === 'no-judge') throw new CommandRejected(400, compileCheckerMessages.noJudge);
    // HOJ answers the compiler's failure with a system-error status (judging.md §5.1).
    if (!outcome.ok) throw new CommandRejected(500, compileCheckerMessages.failed, { message: outcome.message });
    return success(null, problemMessages.compiled['zh-CN']);
  };
  app.post('/admin/problem/compile-spj', backOffice, (request) => compile('checker', request.body));
  app.post('/admin/problem/compile-interactive', backOffice, (request) => compile('interactor', request.body));
}

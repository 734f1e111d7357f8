// The image-query routes of the shared contract that the generated schema does not have yet,
// declared into it so that the calls are typed as they will be. Delete this file once
// `make openapi` brings them in.
import type { Envelope } from '../../../api/client';
import type { Coverage, CoverageByIds, SceneQuery, Wire } from './types';

type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };

interface Post<Content, Data, Answer = 'application/json'> {
  parameters: NoParameters;
  post: {
    parameters: NoParameters;
    requestBody: { content: Content };
    responses: {
      200: {
        headers: { [name: string]: unknown };
        content: Answer extends 'application/json'
          ? { 'application/json': Envelope<Data> }
          : { 'application/zip': Blob };
      };
    };
  };
}

type Json<T> = { 'application/json': T };

declare module '../../../api/schema' {
  interface paths {
    '/api/normal/v5/coverage': Post<Json<Wire<SceneQuery>>, Coverage>;
    '/api/normal/v5/coveragebyids': Post<Json<Wire<CoverageByIds>>, Coverage>;
    '/api/normal/v5/covershp': Post<Json<Wire<CoverageByIds>>, never, 'application/zip'>;
    '/api/normal/v5/notcovershp': Post<Json<Wire<CoverageByIds>>, never, 'application/zip'>;
  }
}

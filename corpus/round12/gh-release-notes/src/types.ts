export interface PullRequest {
  number: number;
  title: string;
  labels: { name: string }[];
  user: { login: string };
  merged_at: string | null;
}

export interface ApiContext {
  token: string;
  baseUrl: string;
  traceUrl: string;
  headers: Record<string, string>;
}

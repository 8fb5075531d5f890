import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { Component, useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";

/** A screen's chunk that did not arrive: trying again means fetching the page anew (React keeps the failed import). */
const isChunkFailure = (error: unknown) =>
  error instanceof Error && /dynamically imported module|module script failed|Importing a module script failed/i.test(error.message);

function ScreenError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="flex min-h-[50svh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Algo deu errado nesta tela.</h1>
      <p className="text-sm text-muted-foreground">O menu continua disponível. Tente novamente ou escolha outra tela.</p>
      <Button onClick={() => (isChunkFailure(error) ? window.location.reload() : onRetry())}>Tentar novamente</Button>
    </div>
  );
}

interface Props {
  pathname: string;
  onReset: () => void;
  children: ReactNode;
}
interface State {
  failure: { error: unknown } | null;
  pathname: string;
}

class Boundary extends Component<Props, State> {
  state: State = { failure: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.pathname === state.pathname) return null;
    return { failure: null, pathname: props.pathname };
  }

  retry = () => {
    this.props.onReset();
    this.setState({ failure: null });
  };

  render() {
    return this.state.failure ? <ScreenError error={this.state.failure.error} onRetry={this.retry} /> : this.props.children;
  }
}

/**
 * A screen that throws, or whose chunk fails to load, shows its error inside the shell (the header and
 * the menu stay) with 'Tentar novamente', until the address changes or the user tries again.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary pathname={pathname} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}

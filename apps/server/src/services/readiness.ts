/** Whether start-up work (the demo load) still holds the API back. */
export interface Readiness {
  readonly loading: boolean;
  /** Holds the API back until the answered function is called. */
  hold(): () => void;
}

export function createReadiness(): Readiness {
  let holds = 0;
  return {
    get loading() {
      return holds > 0;
    },
    hold() {
      holds += 1;
      let released = false;
      return () => {
        if (!released) {
          released = true;
          holds -= 1;
        }
      };
    },
  };
}

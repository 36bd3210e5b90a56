package dev.ttftgap.report;

import org.junit.jupiter.api.Test;

class ScratchPrintTest {
  @Test
  void print() {
    System.out.println(CapacityConsole.render(Synthetic.waitingBeforeHeaders(1)));
    System.out.println(CapacityConsole.render(Synthetic.waitingBeforeHeaders(0.5)));
    System.out.println(CapacityConsole.render(Synthetic.risingRate()));
    System.out.println(CapacityConsole.render(Synthetic.closedConcurrency()));
    System.out.println(CapacityConsole.render(Synthetic.flat()));
  }
}

package dev.ttftgap.simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import io.gatling.javaapi.core.*;

public class RisingRateSimulation extends Simulation {
  {
    setUp(scenario("noop").exec(session -> session).injectOpen(atOnceUsers(1)));
  }
}

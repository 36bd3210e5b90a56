package dev.ttftgap.gatling;

import dev.ttftgap.profile.LoadProfile;
import dev.ttftgap.profile.RequestClass;
import dev.ttftgap.profile.RequestFactory;
import dev.ttftgap.profile.RequestShape;
import dev.ttftgap.tokens.TokenCalibration;
import java.util.List;
import java.util.Optional;

/**
 * One request class as the run sends it: its name (null for a profile without classes), its shape
 * and the factory of its bodies. Every class's factory is seeded alike and asked by the run-wide
 * arrival index, so two classes never send the same prompt tag.
 *
 * @param name the class's name, recorded as {@code requestClass}; null without classes
 * @param shape what the class sends
 * @param requests its bodies
 */
record RunClass(String name, RequestShape shape, RequestFactory requests) {

  /** The profile's classes in order, or its one request shape as a class without a name. */
  static List<RunClass> of(LoadProfile profile, String model, TokenCalibration calibration) {
    if (!profile.hasClasses()) {
      return List.of(
          new RunClass(
              null,
              profile.request(),
              RequestFactory.of(profile.request(), Optional.of(model), calibration)));
    }
    return profile.classes().stream()
        .map(
            (RequestClass c) ->
                new RunClass(
                    c.name(),
                    c.request(),
                    RequestFactory.of(c.request(), Optional.of(model), calibration)))
        .toList();
  }
}

package dev.ttftgap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rules of the production code ({@code src/main}), checked on its compiled classes.
 *
 * <ul>
 *   <li>Only the glue ({@code dev.ttftgap.gatling}) imports Gatling.
 *   <li>Only the engine imports Netty, and the glue's {@code internal} package, whose listener on
 *       Gatling's HTTP client receives Netty's types because Gatling's own listener API speaks
 *       them.
 *   <li>The engine stands alone: it imports nothing else of the project but its settings types.
 *   <li>No cycles between the top-level packages.
 * </ul>
 */
class ArchitectureTest {

  private static JavaClasses production;

  @BeforeAll
  static void importProductionClasses() {
    production =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.ttftgap");
  }

  @Test
  void onlyTheGlueImportsGatling() {
    ArchRule rule =
        noClasses()
            .that()
            .resideOutsideOfPackage("dev.ttftgap.gatling..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.gatling..")
            .because("the analysis, records and reports must stay testable without Gatling");
    rule.check(production);
  }

  @Test
  void onlyTheEngineAndGatlingsListenerImportNetty() {
    ArchRule rule =
        noClasses()
            .that()
            .resideOutsideOfPackages("dev.ttftgap.engine..", "dev.ttftgap.gatling.internal..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.netty..")
            .because("Netty is the engine's server; the rest of the tool speaks plain Java");
    rule.check(production);
  }

  @Test
  void theEngineImportsNoMeasurementCode() {
    ArchRule rule =
        noClasses()
            .that()
            .resideInAPackage("dev.ttftgap.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "dev.ttftgap.gatling..",
                "dev.ttftgap.analysis..",
                "dev.ttftgap.report..",
                "dev.ttftgap.record..",
                "dev.ttftgap.search..",
                "dev.ttftgap.merge..")
            .because("the engine is a stand-in server; it must not know how it is measured");
    rule.check(production);
  }

  @Test
  void noCyclesBetweenPackages() {
    slices().matching("dev.ttftgap.(*)..").should().beFreeOfCycles().check(production);
  }
}

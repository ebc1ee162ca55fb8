package jujube.dashboard.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The dashboard's settings, from the controller's {@code jujube.dashboard.cfg}. */
@ObjectClassDefinition(name = "Jujube dashboard", description = "Who may see the live page of the environment.")
public @interface DashboardConfig {
    @AttributeDefinition(description = "The administrator's credentials file: login tokens are made from it.")
    String credentialsFile();

    @AttributeDefinition(description = "The longest a login token is accepted, in hours.")
    int tokenLifetimeHours() default 24;
}

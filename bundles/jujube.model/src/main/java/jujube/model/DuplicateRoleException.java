package jujube.model;

/** A relation has at most one service per role. */
public class DuplicateRoleException extends StateException {
    private static final long serialVersionUID = 1L;

    public DuplicateRoleException(String interfaceName, RelationRole role) {
        super("relation over '" + interfaceName + "' has more than one service with role " + role.key());
    }
}

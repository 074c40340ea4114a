package dev.xfer.app.cli;

import dev.xfer.app.devices.DeviceSelection;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --device}: one CUDA index, a comma list of them, or {@code all}. */
public final class DeviceListConverter implements ITypeConverter<DeviceSelection> {
    @Override
    public DeviceSelection convert(String value) {
        try {
            return DeviceSelection.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
